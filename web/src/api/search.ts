import { useQuery } from '@tanstack/react-query';
import type { SearchRequest, SearchResponse } from '../../../contract/search.js';
import { api } from '../lib/api-client.js';
import { ApiError } from '../lib/api-error.js';

/** Ranked search (POST /api/search, ADR 0008): what an assistant would see for the same words. */
export const searchKeys = {
  all: ['search'] as const,
  query: (req: SearchRequest) => ['search', req] as const,
};

/** The server has no ranked search (an older build): the "Best match" mode says so. */
export function isSearchUnavailable(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 405 || err.status === 501);
}

export function useRankedSearch(req: SearchRequest, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.query(req),
    queryFn: ({ signal }) => api<SearchResponse>('/api/search', { method: 'POST', body: req, signal }),
    enabled: enabled && req.query.trim().length > 0,
    retry: (count, err) =>
      !isSearchUnavailable(err) && !(err instanceof ApiError && err.status === 400) && count < 1,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MergeTagsRequest, TagChangeResponse, TagCount } from '../../../contract/tags.js';
import { api } from '../lib/api-client.js';
import { invalidateAfterTraceChange } from './traces.js';

/** The person's tags with counts; stale after any trace change (a create may add a tag). */
export const tagsKeys = { all: ['traces', 'tags'] as const };

const tagPath = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

export function useTags() {
  return useQuery({
    queryKey: tagsKeys.all,
    queryFn: ({ signal }) => api<TagCount[]>('/api/tags', { signal }),
  });
}

/** Rename, merge and delete change traces: every list, count and search goes stale after. */
export function useTagChange() {
  const queryClient = useQueryClient();
  const settle = () => invalidateAfterTraceChange(queryClient);
  return {
    rename: useMutation({
      mutationFn: ({ tag, name }: { tag: string; name: string }) =>
        api<TagChangeResponse>(tagPath(tag), { method: 'PATCH', body: { name } }),
      onSettled: settle,
    }),
    merge: useMutation({
      mutationFn: (body: MergeTagsRequest) =>
        api<TagChangeResponse>('/api/tags/merge', { method: 'POST', body }),
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: (tag: string) => api<TagChangeResponse>(tagPath(tag), { method: 'DELETE' }),
      onSettled: settle,
    }),
  };
}

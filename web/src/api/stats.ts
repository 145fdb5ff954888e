import { useQuery } from '@tanstack/react-query';
import type { StatsResponse } from '../../../contract/traces.js';
import { api } from '../lib/api-client.js';

/** The dashboard's numbers; invalidated by every trace change (see invalidateAfterTraceChange). */
export const statsKeys = { all: ['stats'] as const };

/** `refetchInterval`: the first-run checklist watches for the first assistant and memory to arrive. */
export function useStats(opts: { refetchInterval?: () => number | false } = {}) {
  return useQuery({
    queryKey: statsKeys.all,
    queryFn: ({ signal }) => api<StatsResponse>('/api/stats', { signal }),
    refetchInterval: opts.refetchInterval ?? false,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkTracesRequest, BulkTracesResponse } from '../../../contract/trace-bulk.js';
import { api } from '../lib/api-client.js';
import { invalidateAfterTraceChange } from './traces.js';

/** One action on several traces (POST /api/traces/bulk); every list, count and search goes stale after. */
export function useBulkTraces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTracesRequest) =>
      api<BulkTracesResponse>('/api/traces/bulk', { method: 'POST', body }),
    onSettled: () => invalidateAfterTraceChange(queryClient),
  });
}

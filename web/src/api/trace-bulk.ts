import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BULK_MAX_IDS,
  type BulkTracesRequest,
  type BulkTracesResponse,
} from '../../../contract/trace-bulk.js';
import { api } from '../lib/api-client.js';
import { invalidateAfterTraceChange } from './traces.js';

/**
 * One action on any number of traces: sent BULK_MAX_IDS at a time (the server takes at most 100
 * in one transaction), one chunk after another, answering every id that changed. A failure stops
 * at that chunk; what changed before it stays changed (each chunk is all or nothing).
 */
export function useBulkTraces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BulkTracesRequest): Promise<string[]> => {
      const changed: string[] = [];
      for (let i = 0; i < body.ids.length; i += BULK_MAX_IDS) {
        const chunk = { ...body, ids: body.ids.slice(i, i + BULK_MAX_IDS) };
        const res = await api<BulkTracesResponse>('/api/traces/bulk', { method: 'POST', body: chunk });
        changed.push(...res.changed);
      }
      return changed;
    },
    onSettled: () => invalidateAfterTraceChange(queryClient),
  });
}

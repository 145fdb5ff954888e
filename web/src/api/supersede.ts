import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Trace } from '../../../contract/traces.js';
import { api } from '../lib/api-client.js';
import { invalidateAfterTraceChange, tracesKeys } from './traces.js';

const supersededPath = (id: string) => `/api/traces/${encodeURIComponent(id)}/superseded_by`;

/**
 * Superseded traces (ADR 0034): `replace` marks an older trace replaced by a newer one, `current`
 * undoes it. Either changes what search and the lists show, so everything refreshes.
 */
export function useSupersede() {
  const queryClient = useQueryClient();
  const settled = (trace: Trace | undefined) => {
    if (trace) queryClient.setQueryData(tracesKeys.detail(trace.id), trace);
    return invalidateAfterTraceChange(queryClient);
  };
  return {
    replace: useMutation({
      mutationFn: ({ older, by }: { older: string; by: string }) =>
        api<Trace>(supersededPath(older), { method: 'PUT', body: { id: by } }),
      onSettled: settled,
    }),
    current: useMutation({
      mutationFn: (id: string) => api<Trace>(supersededPath(id), { method: 'DELETE' }),
      onSettled: settled,
    }),
  };
}

/**
 * The same mark as a plain function: it runs from a toast's button, after the dialog that
 * created the new trace has closed (a hook's callbacks would be gone with it).
 */
export async function markReplaced(queryClient: QueryClient, older: string, by: string): Promise<Trace> {
  try {
    const trace = await api<Trace>(supersededPath(older), { method: 'PUT', body: { id: by } });
    queryClient.setQueryData(tracesKeys.detail(trace.id), trace);
    return trace;
  } finally {
    await invalidateAfterTraceChange(queryClient);
  }
}

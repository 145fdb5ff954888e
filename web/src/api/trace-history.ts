import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TraceVersionList } from '../../../contract/history.js';
import type { Trace } from '../../../contract/traces.js';
import { api } from '../lib/api-client.js';
import { invalidateAfterTraceChange, tracesKeys } from './traces.js';

/** Under ['traces'], so every change to a trace (an edit, a restore) refreshes its history too. */
export const traceHistoryKeys = {
  versions: (id: string) => ['traces', 'versions', id] as const,
};

const versionsPath = (id: string) => `/api/traces/${encodeURIComponent(id)}/versions`;

/** A trace's earlier versions, newest first (ADR 0033). */
export function useTraceVersions(id: string) {
  return useQuery({
    queryKey: traceHistoryKeys.versions(id),
    queryFn: ({ signal }) => api<TraceVersionList>(versionsPath(id), { signal }),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 1,
  });
}

/** Brings a version back: an edit on the server, so the trace and its history both change. */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      api<Trace>(`${versionsPath(id)}/${version}/restore`, { method: 'POST' }),
    onSuccess: (trace) => queryClient.setQueryData(tracesKeys.detail(trace.id), trace),
    onSettled: () => invalidateAfterTraceChange(queryClient),
  });
}

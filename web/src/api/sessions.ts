import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo, SignOutOthersResponse } from '../../../contract/sessions.js';
import { api } from '../lib/api-client.js';

export const sessionsKeys = { all: ['sessions'] as const };

/** Where the person is signed in (GET /api/sessions, ADR 0027). */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKeys.all,
    queryFn: ({ signal }) => api<SessionInfo[]>('/api/sessions', { signal }),
    staleTime: 0,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKeys.all }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<SignOutOthersResponse>('/api/sessions/sign-out-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKeys.all }),
  });
}

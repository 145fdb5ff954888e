import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateOAuthClientRequest,
  type OAuthClient,
  type OAuthClientWithSecret,
  type OAuthServerInfo,
  type UpdateOAuthClientRequest,
} from '../../../contract/oauth.js';
import { api } from '../lib/api-client.js';

export const oauthClientsKeys = {
  all: ['oauth-clients'] as const,
  list: ['oauth-clients', 'list'] as const,
  /** The silent variant has its own key: an empty list here must not hide a failure elsewhere. */
  setupHints: ['oauth-clients', 'setup-hints'] as const,
  serverInfo: ['oauth-server-info'] as const,
};

const path = (clientId: string) => `/api/oauth-clients/${encodeURIComponent(clientId)}`;

export function useOAuthClients(opts: { refetchInterval?: () => number | false } = {}) {
  return useQuery({
    queryKey: oauthClientsKeys.list,
    queryFn: ({ signal }) => api<OAuthClient[]>('/api/oauth-clients', { signal }),
    refetchInterval: opts.refetchInterval ?? false,
  });
}

/** Spec section 7: used silently on the setup page — an empty list on any failure, no toast. */
export function useOAuthClientsForSetup() {
  return useQuery({
    queryKey: oauthClientsKeys.setupHints,
    queryFn: async ({ signal }): Promise<OAuthClient[]> => {
      try {
        const list = await api<OAuthClient[]>('/api/oauth-clients', { signal });
        return Array.isArray(list) ? list : [];
      } catch {
        return [];
      }
    },
    retry: false,
  });
}

/** Where to point an assistant, and the callback URLs Cairn adds for each platform by itself. */
export function useOAuthServerInfo() {
  return useQuery({
    queryKey: oauthClientsKeys.serverInfo,
    queryFn: () => api<OAuthServerInfo>('/api/oauth/server-info', { auth: false }),
    staleTime: Infinity,
  });
}

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: oauthClientsKeys.all });
}

export function useCreateOAuthClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (body: CreateOAuthClientRequest) =>
      api<OAuthClientWithSecret>('/api/oauth-clients', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteOAuthClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (client: OAuthClient) => api(path(client.id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useRegenerateOAuthSecret() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (client: OAuthClient) =>
      api<OAuthClientWithSecret>(`${path(client.id)}/regenerate`, { method: 'PUT' }),
    onSuccess: invalidate,
  });
}

/** Name and/or redirect URIs; the client's id and secret stay (the assistant keeps working). */
export function useUpdateOAuthClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ client, changes }: { client: OAuthClient; changes: UpdateOAuthClientRequest }) =>
      api<OAuthClient>(path(client.id), { method: 'PATCH', body: changes }),
    onSuccess: invalidate,
  });
}

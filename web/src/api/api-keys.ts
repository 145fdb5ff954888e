import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKey,
  CreateApiKeyRequest,
  CreatedApiKey,
  RevokeApiKeyResponse,
  UpdateApiKeyRequest,
} from '../../../contract/api-keys.js';
import { api } from '../lib/api-client.js';

export const apiKeysKeys = { all: ['api-keys'] as const };

const PATH = '/api/api-keys';

/** Spec section 9: the key list is never served from cache and not refetched on window focus. */
export function useApiKeys(opts: { refetchInterval?: () => number | false } = {}) {
  return useQuery({
    queryKey: apiKeysKeys.all,
    queryFn: ({ signal }) => api<ApiKey[]>(PATH, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: opts.refetchInterval ?? false,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) => api<CreatedApiKey>(PATH, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RevokeApiKeyResponse>(PATH, { method: 'DELETE', query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}

/** Rename a key or move its expiry (PATCH /api/api-keys/{id}, ADR 0027). */
export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateApiKeyRequest }) =>
      api<ApiKey>(`${PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}

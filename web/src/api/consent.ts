import { useMutation, useQuery } from '@tanstack/react-query';
import type { OAuthDecision, OAuthRequestInfo, OAuthScope } from '../../../contract/oauth.js';
import { api } from '../lib/api-client.js';

/** A pending OAuth authorization request (made by /oauth/authorize) and the person's decision on it. */
export const consentKeys = { request: (id: string) => ['oauth-request', id] as const };

export function useConsentRequest(id: string) {
  return useQuery({
    queryKey: consentKeys.request(id),
    queryFn: () => api<OAuthRequestInfo>(`/api/oauth/requests/${encodeURIComponent(id)}`),
    retry: false,
    staleTime: 0,
  });
}

export function useDecideConsent(id: string) {
  return useMutation({
    /** `project`: the one project the grant is limited to (by name); null: the whole account. */
    mutationFn: (
      decision: { approve: true; scopes: OAuthScope[]; project: string | null } | { approve: false },
    ) =>
      api<OAuthDecision>(
        `/api/oauth/requests/${encodeURIComponent(id)}/${decision.approve ? 'approve' : 'deny'}`,
        {
          method: 'POST',
          body: decision.approve ? { scopes: decision.scopes, project: decision.project } : {},
        },
      ),
  });
}

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../lib/api-client.js';

/**
 * Only what the MCP Setup page reads from `GET /api/oauth-clients`, to pre-fill a client id.
 * The full shape belongs to the OAuth branch's contract (contract/oauth.ts, not on this branch
 * yet); this narrow schema keeps only the fields used here and ignores the rest, so it stays
 * valid when that contract lands. Replace it with the contract's schema after the merge.
 */
const SetupClient = z.object({
  client_id: z.string(),
  name: z.string(),
  platform: z.enum(['claude', 'chatgpt', 'cursor', 'generic']),
  /** Absent before the OAuth contract lands; 'dynamic' clients were made by an assistant itself. */
  registered_via: z.string().optional(),
  created_at: z.string(),
});
export type SetupClient = z.infer<typeof SetupClient>;

export const oauthClientsKeys = {
  all: ['oauth-clients'] as const,
  /** The silent variant has its own key: an empty list here must not hide a failure elsewhere. */
  setupHints: ['oauth-clients', 'setup-hints'] as const,
};

/** Spec section 7: used silently on the setup page — an empty list on any failure, no toast. */
export function useOAuthClientsForSetup() {
  return useQuery({
    queryKey: oauthClientsKeys.setupHints,
    queryFn: async ({ signal }): Promise<SetupClient[]> => {
      try {
        const parsed = z.array(SetupClient).safeParse(await api<unknown>('/api/oauth-clients', { signal }));
        return parsed.success ? parsed.data : [];
      } catch {
        return [];
      }
    },
    retry: false,
  });
}

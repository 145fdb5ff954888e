import type { Db } from '../../../db/db.js';
import type { CredentialVerifier } from '../../../http/authenticate.js';
import type { Principal } from '../../../http/principal.js';
import { sha256Hex } from '../../../security/tokens.js';
import { clientRecords } from '../clients/client-records.js';
import { tokensRepo } from './grants.repo.js';
import { mcpResourceUrl, wwwAuthenticateHeader } from './metadata.js';
import { canonicalScopes, OAUTH_PREFIX } from './oauth.constants.js';

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * OAuth access tokens (`coat_…`, opaque) become a Principal by one indexed lookup of their hash,
 * so deleting the client, revoking the grant or replaying its code takes effect on the next call.
 * Pre-authentication, so asSystem; the token's own user_id becomes the principal.
 *
 * Every token is issued for the resource `<PUBLIC_URL>/mcp` and is accepted only there: REST
 * refuses it without a lookup (docs/decisions/0022), and tells the client where its tokens work.
 */
export function createOAuthVerifier(deps: { db: Db; publicUrl: string }): CredentialVerifier {
  const { db } = deps;
  const resource = mcpResourceUrl(deps.publicUrl);
  const message = `OAuth access tokens are issued for ${resource} and work only there; the REST API takes a web session or an API key`;
  return {
    accepts: (token) => token.startsWith(OAUTH_PREFIX.accessToken),
    restRefusal: {
      message,
      wwwAuthenticate: wwwAuthenticateHeader(deps.publicUrl, {
        error: 'invalid_token',
        description: message,
      }),
    },
    async verify(token, audience): Promise<Principal | null> {
      if (audience !== 'mcp') return null;
      const row = await db.asSystem((tx) => tokensRepo.findByHash(tx, sha256Hex(token)));
      if (!row || row.kind !== 'access' || row.revoked_at) return null;
      if (row.expires_at.getTime() <= Date.now()) return null;
      // RFC 8707 audience: a token minted for another resource (or before PUBLIC_URL changed) is not ours.
      if (row.resource !== resource) return null;
      // A grant limited to a project whose name cannot be read must never pass as a whole-account
      // grant (deleting the project deletes its tokens; this is the second lock, as for API keys).
      if (row.project_id && !row.project) return null;
      const lastUsed = row.client_last_used_at?.getTime() ?? 0;
      if (Date.now() - lastUsed >= LAST_USED_RESOLUTION_MS) {
        await db.asSystem((tx) => clientRecords.touchLastUsed(tx, row.client_row_id));
      }
      return {
        userId: row.user_id,
        via: 'oauth',
        scopes: canonicalScopes(row.scopes),
        credentialId: row.id,
        clientId: row.client_id,
        // Limited on the consent page (ADR 0029): the services then show and touch that project only.
        ...(row.project_id && row.project ? { project: { id: row.project_id, name: row.project } } : {}),
      };
    },
  };
}

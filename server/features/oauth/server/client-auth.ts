import type { Db } from '../../../db/db.js';
import { constantTimeEqual, sha256Hex } from '../../../security/tokens.js';
import { findMetadataClient, looksLikeMetadataUrl } from './cimd.js';
import { clientRecords } from '../clients/client-records.js';
import { GRANT_TYPES } from './oauth.constants.js';
import { OAuthProtocolError } from './oauth-errors.js';

/** A client that proved who it is: `id` is its public client_id. */
export type VerifiedClient = { id: string; grants: string[] };

/**
 * Client authentication (RFC 6749 §2.3, OAuth 2.1 §2.4). A confidential client must present its
 * secret, by client_secret_post or client_secret_basic, whichever it registered (Claude sends
 * post, others basic: both are accepted). A public client (token_endpoint_auth_method none,
 * metadata-document clients) must not present one; PKCE is what protects its codes.
 */
export async function verifyClient(
  db: Db,
  clientId: string,
  secret: string | null | undefined,
): Promise<VerifiedClient | null> {
  if (findMetadataClient(clientId) || looksLikeMetadataUrl(clientId)) {
    if (secret) return null;
    const known = findMetadataClient(clientId);
    if (known) return { id: clientId, grants: [...known.grantTypes] };
    // A fetched document: it exists here once somebody approved it.
    const exists = await db.asSystem((tx) => clientRecords.documentClientExists(tx, clientId));
    return exists ? { id: clientId, grants: [...GRANT_TYPES] } : null;
  }
  const row = await db.asSystem((tx) => clientRecords.findByClientId(tx, clientId));
  if (!row) return null;
  if (row.client_secret_hash === null) return secret ? null : { id: row.client_id, grants: row.grant_types };
  if (!secret || !constantTimeEqual(sha256Hex(secret), row.client_secret_hash)) return null;
  return { id: row.client_id, grants: row.grant_types };
}

export type PresentedCredentials = { clientId: string; secret: string | null; usedBasic: boolean };

/** RFC 6749 §5.2: a client that tried HTTP Basic gets 401 with a Basic challenge. */
export function invalidClient(
  usedBasic: boolean,
  description = 'Client authentication failed',
): OAuthProtocolError {
  return usedBasic
    ? new OAuthProtocolError('invalid_client', description, 401, {
        'www-authenticate': 'Basic realm="Cairn"',
      })
    : new OAuthProtocolError('invalid_client', description, 401);
}

/**
 * The credentials a request presents: HTTP Basic (whose parts are form-encoded first, RFC 6749
 * §2.3.1) or client_id/client_secret in the form body. Null when it presents none.
 */
export function presentedCredentials(
  authorization: string | undefined,
  body: Record<string, string>,
): PresentedCredentials | null {
  if (authorization) {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
    if (!match) throw invalidClient(true, 'Malformed Authorization header');
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidClient(true, 'Malformed Basic credentials');
    try {
      const clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      return { clientId, secret: secret || null, usedBasic: true };
    } catch {
      throw invalidClient(true, 'Malformed Basic credentials');
    }
  }
  if (!body.client_id) return null;
  return { clientId: body.client_id, secret: body.client_secret ?? null, usedBasic: false };
}

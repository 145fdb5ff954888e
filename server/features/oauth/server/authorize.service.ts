import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/db.js';
import { AppError } from '../../../http/errors.js';
import type { RateLimiter, RateLimitRule } from '../../../http/rate-limit.js';
import { randomToken, sha256Hex } from '../../../security/tokens.js';
import { findMetadataClient, looksLikeMetadataUrl, type MetadataClient } from './cimd.js';
import { type FetchMetadataDocument, MetadataDocumentError } from './cimd-fetch.js';
import { type ClientRow, clientRecords } from '../clients/client-records.js';
import { type RequestDocument, requestsRepo } from './grants.repo.js';
import { isOurResource, mcpResourceUrl } from './metadata.js';
import { canonicalScopes, OAUTH_SCOPES, OAUTH_TTL } from './oauth.constants.js';
import { OAuthProtocolError, withQuery } from './oauth-errors.js';
import { redirectUriMatches } from './redirect-uris.js';

/** What GET /oauth/authorize does next: show an error to the person, or redirect the browser. */
export type AuthorizeOutcome =
  { kind: 'show_error'; error: OAuthProtocolError } | { kind: 'redirect'; location: string };

type ResolvedClient =
  | { kind: 'row'; row: ClientRow; registered: readonly string[]; allows: (uri: string) => boolean }
  | {
      kind: 'document';
      doc: MetadataClient;
      registered: readonly string[];
      allows: (uri: string) => boolean;
    };

/** RFC 7636 §4.1: 43–128 unreserved characters (an S256 challenge is exactly 43). */
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;
const MAX_STATE_LENGTH = 2048;
/** Each unknown metadata-document client id costs an outbound fetch: capped per address. */
export const DOCUMENT_FETCH_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

/**
 * The front half of the authorization code flow (RFC 6749 §4.1.1, OAuth 2.1 §4.1.1): validate
 * everything, remember the request for ten minutes, and send the browser to the web app's consent
 * page, which needs the person's session (held only in that page's memory).
 */
export function createAuthorizeService(deps: {
  db: Db;
  publicUrl: string;
  rateLimiter: RateLimiter;
  fetchMetadataDocument: FetchMetadataDocument;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, publicUrl } = deps;
  const consentPath = `${new URL(publicUrl).pathname.replace(/\/$/, '')}/consent`;

  async function fetchDocument(clientId: string, ip: string): Promise<MetadataClient> {
    const key = `oauth:metadata-fetch:ip:${ip}`;
    await deps.rateLimiter.check(key, DOCUMENT_FETCH_LIMIT);
    await deps.rateLimiter.hit(key, DOCUMENT_FETCH_LIMIT);
    return deps.fetchMetadataDocument(clientId);
  }

  async function resolveClient(clientId: string, ip: string): Promise<ResolvedClient | OAuthProtocolError> {
    const known = findMetadataClient(clientId);
    if (known || looksLikeMetadataUrl(clientId)) {
      try {
        const doc = known ?? (await fetchDocument(clientId, ip));
        return { kind: 'document', doc, registered: doc.redirectUris, allows: doc.allowsRedirectUri };
      } catch (err) {
        if (err instanceof AppError && err.status === 429) {
          return new OAuthProtocolError(
            'invalid_request',
            'Too many client look-ups from this address; try again later',
            429,
          );
        }
        if (!(err instanceof MetadataDocumentError)) throw err;
        if (err.detail)
          deps.log.warn({ clientId, detail: err.detail }, 'client metadata document fetch failed');
        return new OAuthProtocolError('invalid_client', `Unknown client: ${err.message}`);
      }
    }
    const row = await db.asSystem((tx) => clientRecords.findByClientId(tx, clientId));
    if (!row) {
      return new OAuthProtocolError(
        'invalid_client',
        'Unknown client_id: no OAuth client with this id exists on this Cairn server (it may have been deleted)',
      );
    }
    return {
      kind: 'row',
      row,
      registered: row.redirect_uris,
      allows: (uri) => row.redirect_uris.some((r) => redirectUriMatches(r, uri)),
    };
  }

  return {
    async authorize(query: Record<string, unknown>, ip: string): Promise<AuthorizeOutcome> {
      // RFC 6749 §3.1: parameters must not be repeated; a repeated one is ambiguous.
      const repeated = Object.keys(query).find((k) => Array.isArray(query[k]));
      const param = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
      const page = (
        description: string,
        error: 'invalid_request' | 'invalid_client' = 'invalid_request',
      ) => ({
        kind: 'show_error' as const,
        error: new OAuthProtocolError(error, description),
      });

      // 1. Until the client and its redirect URI are known, errors are shown, never redirected.
      if (repeated === 'client_id' || repeated === 'redirect_uri')
        return page(`The ${repeated} parameter is repeated`);
      const clientId = param('client_id');
      if (!clientId) return page('The client_id parameter is missing', 'invalid_client');
      const client = await resolveClient(clientId, ip);
      if (client instanceof OAuthProtocolError) return { kind: 'show_error', error: client };

      const requested = param('redirect_uri');
      let redirectUri: string;
      if (requested === undefined) {
        // OAuth 2.1 §4.1.1: optional only when exactly one URI is registered.
        if (client.registered.length !== 1) {
          return page(
            'The redirect_uri parameter is required for this client (it has several redirect URIs)',
          );
        }
        redirectUri = client.registered[0]!;
      } else if (client.allows(requested)) {
        redirectUri = requested;
      } else {
        return page(`The redirect_uri is not registered for this client: ${requested}`);
      }

      // 2. From here on, errors go back to the client (RFC 6749 §4.1.2.1) with state and iss (RFC 9207).
      const state = param('state');
      const fail = (error: OAuthProtocolError['error'], description: string): AuthorizeOutcome => ({
        kind: 'redirect',
        location: withQuery(redirectUri, {
          error,
          error_description: description,
          state: state && state.length <= MAX_STATE_LENGTH ? state : undefined,
          iss: publicUrl,
        }),
      });
      if (repeated) return fail('invalid_request', `The ${repeated} parameter is repeated`);
      if (state !== undefined && state.length > MAX_STATE_LENGTH)
        return fail('invalid_request', 'state is too long');
      const responseType = param('response_type');
      if (!responseType) return fail('invalid_request', 'The response_type parameter is missing');
      if (responseType !== 'code')
        return fail('unsupported_response_type', 'Only response_type=code is supported');
      const grantTypes = client.kind === 'row' ? client.row.grant_types : client.doc.grantTypes;
      if (!grantTypes.includes('authorization_code'))
        return fail('unauthorized_client', 'This client is not registered for the authorization_code grant');

      // PKCE is required of every client, and only S256 (OAuth 2.1 §4.1.1, MCP authorization).
      const challenge = param('code_challenge');
      const method = param('code_challenge_method');
      if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE with S256)');
      if (method !== 'S256')
        return fail('invalid_request', 'code_challenge_method must be S256 (plain is not supported)');
      if (!PKCE_VALUE.test(challenge)) return fail('invalid_request', 'code_challenge is malformed');

      // RFC 8707: tokens are only ever issued for this server's MCP endpoint.
      const resource = param('resource');
      if (!resource)
        return fail('invalid_target', `The resource parameter is required: ${mcpResourceUrl(publicUrl)}`);
      if (!isOurResource(publicUrl, resource))
        return fail(
          'invalid_target',
          `Unknown resource; this server issues tokens for ${mcpResourceUrl(publicUrl)}`,
        );

      const allowed: readonly string[] = client.kind === 'row' ? client.row.scopes : OAUTH_SCOPES;
      const scopeParam = param('scope')?.trim();
      const asked = scopeParam ? scopeParam.split(/\s+/) : [...allowed];
      const unknown = asked.filter((s) => !allowed.includes(s));
      if (unknown.length > 0) return fail('invalid_scope', `Unsupported scope: ${unknown.join(' ')}`);

      const handle = randomToken(32);
      await db.asSystem(async (tx) => {
        await requestsRepo.insert(tx, {
          handle_hash: sha256Hex(handle),
          client_id: clientId,
          client_row_id: client.kind === 'row' ? client.row.id : null,
          client_document: client.kind === 'document' ? documentSnapshot(client.doc) : null,
          redirect_uri: redirectUri,
          redirect_uri_given: requested !== undefined,
          scopes: canonicalScopes(asked),
          state: state ?? null,
          code_challenge: challenge,
          resource: mcpResourceUrl(publicUrl),
          expires_at: new Date(Date.now() + OAUTH_TTL.requestSeconds * 1000),
        });
      });
      return { kind: 'redirect', location: `${consentPath}?request=${encodeURIComponent(handle)}` };
    },
  };
}

function documentSnapshot(doc: MetadataClient): RequestDocument {
  return {
    name: doc.name,
    platform: doc.platform,
    redirect_uris: [...doc.redirectUris],
    grant_types: [...doc.grantTypes],
  };
}

export type AuthorizeService = ReturnType<typeof createAuthorizeService>;

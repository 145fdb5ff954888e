import { z } from 'zod';
import type { Db } from '../../../db/db.js';
import { AppError } from '../../../http/errors.js';
import type { RateLimiter, RateLimitRule } from '../../../http/rate-limit.js';
import { sha256Hex } from '../../../security/tokens.js';
import { clientRecords } from '../clients/client-records.js';
import { newClientId, newClientSecret } from '../clients/clients.service.js';
import { canonicalScopes, GRANT_TYPES, OAUTH_SCOPES } from './oauth.constants.js';
import { OAuthProtocolError } from './oauth-errors.js';
import { guessPlatform, redirectUriProblems } from './redirect-uris.js';

/** Anyone may register, so registrations per address are capped (RFC 7591 §5 suggests it). */
export const REGISTRATION_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 60 * 60 };

const Metadata = z.object({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  client_name: z.string().trim().min(1).max(100).optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  scope: z.string().optional(),
});

const AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const;

/**
 * Dynamic client registration (RFC 7591). A new client has no owner: the first person who
 * approves it on the consent page becomes its owner and sees it on their OAuth Clients page.
 * Clients nobody approves within 24 hours are deleted (swept here, on the next registration).
 */
export function createRegisterService(deps: { db: Db; rateLimiter: RateLimiter }) {
  const { db, rateLimiter } = deps;
  return {
    async register(raw: unknown, ip: string) {
      const key = `oauth:register:ip:${ip}`;
      try {
        await rateLimiter.check(key, REGISTRATION_LIMIT);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw new OAuthProtocolError(
          'invalid_request',
          'Too many client registrations from this address; try again later',
          429,
          err.headers ?? {},
        );
      }
      await rateLimiter.hit(key, REGISTRATION_LIMIT);

      const parsed = Metadata.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join('.') || 'body';
        const code = issue?.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
        throw new OAuthProtocolError(code, `${where}: ${issue?.message ?? 'is invalid'}`);
      }
      const m = parsed.data;
      const problems = redirectUriProblems(m.redirect_uris);
      if (problems.length > 0) {
        throw new OAuthProtocolError('invalid_redirect_uri', problems.map((p) => p.message).join('; '));
      }
      // RFC 7591 §2 defaults to client_secret_basic; MCP clients normally ask for none.
      const method = m.token_endpoint_auth_method ?? 'client_secret_basic';
      if (!(AUTH_METHODS as readonly string[]).includes(method)) {
        throw new OAuthProtocolError(
          'invalid_client_metadata',
          `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}`,
        );
      }
      // Defaulting to both grants (RFC 7591 §3.2.1 lets the server replace values; the answer says
      // what was registered): a client that leaves them out almost always wants refresh tokens.
      const grantTypes = m.grant_types ?? [...GRANT_TYPES];
      const badGrant = grantTypes.find((g) => !(GRANT_TYPES as readonly string[]).includes(g));
      if (badGrant || !grantTypes.includes('authorization_code')) {
        throw new OAuthProtocolError(
          'invalid_client_metadata',
          'grant_types may contain only authorization_code and refresh_token (authorization_code is required)',
        );
      }
      if (m.response_types && m.response_types.some((r) => r !== 'code')) {
        throw new OAuthProtocolError('invalid_client_metadata', 'response_types may contain only code');
      }
      const asked = m.scope?.trim() ? m.scope.trim().split(/\s+/) : [...OAUTH_SCOPES];
      const unknown = asked.filter((s) => !OAUTH_SCOPES.includes(s as (typeof OAUTH_SCOPES)[number]));
      if (unknown.length > 0) {
        throw new OAuthProtocolError('invalid_client_metadata', `Unsupported scope: ${unknown.join(' ')}`);
      }

      const secret = method === 'none' ? null : newClientSecret();
      const row = await db.asSystem((tx) =>
        clientRecords.insert(tx, {
          client_id: newClientId(),
          client_secret_hash: secret ? sha256Hex(secret) : null,
          user_id: null,
          name: m.client_name ?? 'Unnamed client',
          platform: guessPlatform(m.redirect_uris),
          registered_via: 'dynamic',
          token_endpoint_auth_method: method as (typeof AUTH_METHODS)[number],
          redirect_uris: [...new Set(m.redirect_uris)],
          grant_types: [...new Set(grantTypes)],
          scopes: canonicalScopes(asked),
        }),
      );
      // RFC 7591 §3.2.1: the registered metadata, plus the credentials (the secret only now).
      return {
        client_id: row.client_id,
        ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
        client_id_issued_at: Math.floor(row.created_at.getTime() / 1000),
        client_name: row.name,
        redirect_uris: row.redirect_uris,
        token_endpoint_auth_method: row.token_endpoint_auth_method,
        grant_types: row.grant_types,
        response_types: ['code'],
        scope: canonicalScopes(row.scopes).join(' '),
      };
    },
  };
}

export type RegisterService = ReturnType<typeof createRegisterService>;

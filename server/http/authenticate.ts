import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from './errors.js';
import { type Principal, requireScope, type Scope } from './principal.js';

/**
 * What a request is for: the REST API (/api/*, and every route guarded by requireAuth) or the MCP
 * endpoint. A credential bound to one audience is refused by the other (docs/decisions/0022).
 */
export type Audience = 'rest' | 'mcp';

/**
 * One kind of credential (session access token, API key, OAuth access token). The first verifier
 * that `accepts` a token decides: an unknown, expired or revoked token, or one not issued for the
 * request's `audience`, is `null`, never a guess.
 */
export interface CredentialVerifier {
  accepts(token: string): boolean;
  verify(token: string, audience: Audience): Promise<Principal | null>;
  /**
   * How REST answers a token of this kind it refuses, when that needs more than a bare 401: an
   * OAuth client is told which resource its tokens are for (RFC 6750 §3, RFC 9728 §5.1).
   */
  restRefusal?: { message: string; wwwAuthenticate: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a valid credential, 403 without `scope`. */
    requireAuth(scope?: Scope): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The bearer token, or the `api_key` query parameter for clients that cannot send headers. */
export function credentialFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1];
  }
  // From the raw URL, not request.query: a route's zod query schema has already replaced that with
  // its parsed output, which drops parameters it does not declare (api_key among them).
  const queryStart = request.url.indexOf('?');
  const fromQuery =
    queryStart === -1 ? null : new URLSearchParams(request.url.slice(queryStart + 1)).get('api_key');
  return fromQuery?.startsWith('cairn_') ? fromQuery : undefined;
}

export async function resolvePrincipal(
  token: string | undefined,
  verifiers: readonly CredentialVerifier[],
  audience: Audience,
): Promise<Principal | null> {
  if (!token) return null;
  const verifier = verifiers.find((v) => v.accepts(token));
  return verifier ? verifier.verify(token, audience) : null;
}

export const authenticationPlugin = fp(
  async (app: FastifyInstance, opts: { verifiers: readonly CredentialVerifier[] }) => {
    app.decorateRequest('principal', null);
    app.decorate('requireAuth', (scope?: Scope) => async (request: FastifyRequest) => {
      const token = credentialFrom(request);
      const verifier = token ? opts.verifiers.find((v) => v.accepts(token)) : undefined;
      request.principal = verifier ? await verifier.verify(token!, 'rest') : null;
      if (!request.principal) {
        const refusal = verifier?.restRefusal;
        if (refusal) {
          throw new AppError(401, 'invalid_token', refusal.message, undefined, {
            'www-authenticate': refusal.wwwAuthenticate,
          });
        }
        throw unauthorized('Missing or invalid credentials');
      }
      if (scope) requireScope(request.principal, scope);
    });
  },
  { name: 'cairn-authentication' },
);

/** The principal of a route guarded by requireAuth (a programming error if absent). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

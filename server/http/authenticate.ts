import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from './errors.js';
import { type Principal, requireScope, type Scope } from './principal.js';

/**
 * One kind of credential (session access token, API key, OAuth access token). The first verifier
 * that `accepts` a token decides: an unknown, expired or revoked token is `null`, never a guess.
 */
export interface CredentialVerifier {
  accepts(token: string): boolean;
  verify(token: string): Promise<Principal | null>;
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
): Promise<Principal | null> {
  if (!token) return null;
  const verifier = verifiers.find((v) => v.accepts(token));
  return verifier ? verifier.verify(token) : null;
}

export const authenticationPlugin = fp(
  async (app: FastifyInstance, opts: { verifiers: readonly CredentialVerifier[] }) => {
    app.decorateRequest('principal', null);
    app.decorate('requireAuth', (scope?: Scope) => async (request: FastifyRequest) => {
      request.principal = await resolvePrincipal(credentialFrom(request), opts.verifiers);
      if (!request.principal) throw unauthorized('Missing or invalid credentials');
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

import type { FastifyRequest } from 'fastify';
import { type CredentialVerifier, credentialFrom, resolvePrincipal } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { hasScope, type Principal, SCOPES, type Scope } from '../../http/principal.js';
import { wwwAuthenticateHeader } from '../oauth/server/metadata.js';

/**
 * Who may use /mcp, and with what (docs/decisions/0011-mcp-transport.md):
 * - API keys (`Authorization: Bearer cairn_…` or `?api_key=`) and OAuth access tokens issued for
 *   `<PUBLIC_URL>/mcp`; web-session JWTs are refused (they are the browser's, short-lived, and not
 *   minted for this resource).
 * - No or a bad credential: 401 whose WWW-Authenticate points at the protected resource metadata,
 *   where MCP clients start OAuth discovery (RFC 9728 §5.1; MCP 2025-11-25 "Authorization").
 * - A tool the credential's scopes do not allow: it is not listed, and calling it anyway is a 403
 *   `insufficient_scope` naming the scopes to ask for (RFC 6750 §3.1), which OAuth clients use to
 *   step up and API-key users read as "this key is read-only".
 */

/** The permission each tool needs; tools a principal lacks it for are hidden from tools/list. */
export const TOOL_SCOPES = {
  search: 'read:traces',
  fetch: 'read:traces',
  context: 'read:traces',
  create: 'write:traces',
  update: 'write:traces',
  supersede: 'write:traces',
  delete: 'write:traces',
} as const satisfies Record<string, Scope>;
export type ToolName = keyof typeof TOOL_SCOPES;

export function toolAllowed(principal: Principal, tool: ToolName): boolean {
  return hasScope(principal, TOOL_SCOPES[tool]);
}

function unauthorized(publicUrl: string, message: string, invalidToken: boolean): AppError {
  // RFC 6750 §3.1: no error code when the request carried no credential at all.
  const header = wwwAuthenticateHeader(publicUrl, invalidToken ? { error: 'invalid_token' } : {});
  return new AppError(401, 'unauthorized', message, undefined, { 'www-authenticate': header });
}

/** The principal of an /mcp request, or a 401 the error handler turns into a JSON-RPC answer. */
export async function authenticateMcp(
  request: FastifyRequest,
  verifiers: readonly CredentialVerifier[],
  publicUrl: string,
): Promise<Principal> {
  const token = credentialFrom(request);
  if (!token) {
    throw unauthorized(
      publicUrl,
      'Authentication required: send an API key (Authorization: Bearer cairn_…) or sign in with OAuth',
      false,
    );
  }
  let principal: Principal | null;
  try {
    principal = await resolvePrincipal(token, verifiers, 'mcp');
  } catch (err) {
    // A credential refused with a reason of its own (an expired API key) keeps its code and
    // message, and gains the challenge that points MCP clients at OAuth discovery.
    if (err instanceof AppError && err.status === 401) {
      // A header value is Latin-1: the message's arrow and any other non-ASCII become spaces there.
      const description = err.message.replace(/[^\x20-\x7e]+/g, ' ');
      const header = wwwAuthenticateHeader(publicUrl, { error: 'invalid_token', description });
      throw new AppError(401, err.code, err.message, undefined, { 'www-authenticate': header });
    }
    throw err;
  }
  if (!principal) throw unauthorized(publicUrl, 'Invalid, expired or revoked credential', true);
  if (principal.via === 'session') {
    throw unauthorized(
      publicUrl,
      'Web session tokens are not accepted at /mcp: use an API key or connect with OAuth',
      true,
    );
  }
  return principal;
}

type Message = { method?: unknown; params?: unknown };

/** The first tool this POST calls that the principal may not use (single message or batch). */
function forbiddenTool(body: unknown, principal: Principal): ToolName | undefined {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    if (message === null || typeof message !== 'object') continue;
    const { method, params } = message as Message;
    if (method !== 'tools/call' || params === null || typeof params !== 'object') continue;
    const name = (params as { name?: unknown }).name;
    if (
      typeof name === 'string' &&
      Object.hasOwn(TOOL_SCOPES, name) &&
      !toolAllowed(principal, name as ToolName)
    ) {
      return name as ToolName;
    }
  }
  return undefined;
}

/**
 * 403 insufficient_scope before the MCP server sees the call. The challenge's `scope` is what the
 * credential has plus what the tool needs, so an OAuth client that re-authorizes with it keeps
 * its read access (MCP 2025-11-25 "Scope Challenge Handling").
 */
export function checkToolScopes(body: unknown, principal: Principal, publicUrl: string): void {
  const tool = forbiddenTool(body, principal);
  if (!tool) return;
  const needed = TOOL_SCOPES[tool];
  const scope = SCOPES.filter((s) => s === needed || principal.scopes.includes(s)).join(' ');
  const who = principal.via === 'api_key' ? 'This API key' : 'This access token';
  const message = `${who} lacks the ${needed} permission that the ${tool} tool needs`;
  throw new AppError(403, 'insufficient_scope', message, undefined, {
    'www-authenticate': wwwAuthenticateHeader(publicUrl, {
      error: 'insufficient_scope',
      scope,
      description: message,
    }),
  });
}

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { credentialFrom, principalOf, resolvePrincipal } from '../../../http/authenticate.js';
import { unauthorized } from '../../../http/errors.js';
import { requireScope, type Scope } from '../../../http/principal.js';
import { freePort } from '../../../test-support/free-port.js';
import type { LogStream } from '../../../http/redact.js';
import { createTestApp } from '../../../test-support/test-app.js';
import type { FetchMetadataDocument } from '../server/cimd-fetch.js';

export { freePort };

/**
 * Test kit for the OAuth suites: the shared test app (real app, real migrated database) listening
 * on 127.0.0.1, plus two test-only routes that show what Principal a credential becomes at /mcp. Only the
 * fetch of unknown client metadata documents can be replaced (the network edge).
 */
export const PUBLIC_URL = 'https://cairn.example';
export const RESOURCE = `${PUBLIC_URL}/mcp`;

export type OAuthTestServer = Awaited<ReturnType<typeof startOAuthTestServer>>;

export async function startOAuthTestServer(
  env: Record<string, string> = {},
  opts: { fetchMetadataDocument?: FetchMetadataDocument; port?: number; logStream?: LogStream } = {},
) {
  const t = await createTestApp(
    { PUBLIC_URL, ...env },
    {
      listen: true,
      ...(opts.logStream ? { logStream: opts.logStream } : {}),
      ...(opts.port !== undefined ? { port: opts.port } : {}),
      ...(opts.fetchMetadataDocument ? { deps: { fetchMetadataDocument: opts.fetchMetadataDocument } } : {}),
      beforeReady(app) {
        // Stand-ins for /mcp, where OAuth tokens are accepted: they verify a credential as /mcp
        // does (without the MCP protocol around it) and show the Principal it becomes.
        const asMcp = (scope?: Scope) => async (request: FastifyRequest) => {
          const principal = await resolvePrincipal(credentialFrom(request), app.services.verifiers, 'mcp');
          if (!principal) throw unauthorized('Missing or invalid credentials');
          if (scope) requireScope(principal, scope);
          request.principal = principal;
        };
        app.get('/test/whoami', { preHandler: asMcp() }, async (request) => principalOf(request));
        app.post('/test/write', { preHandler: asMcp('write:traces') }, async (request) => ({
          userId: principalOf(request).userId,
        }));
      },
    },
  );
  const baseUrl = t.baseUrl!;

  const http = async (
    method: string,
    url: string,
    init: { headers?: Record<string, string>; json?: unknown; form?: Record<string, string> | string } = {},
  ) => {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form !== undefined) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = typeof init.form === 'string' ? init.form : new URLSearchParams(init.form).toString();
    }
    const res = await fetch(`${baseUrl}${url}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: parsed as Record<string, unknown> & unknown[],
    };
  };

  return { ...t, baseUrl, http };
}

/** A signed-in person (the real sign-in route), as the web app's bearer header. */
export async function signIn(t: OAuthTestServer, email = `p-${randomBytes(4).toString('hex')}@example.com`) {
  return t.signUp({ email });
}
export type Person = Awaited<ReturnType<typeof signIn>>;

/** RFC 7636 S256 pair, computed independently of the server code. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export async function createClient(
  t: OAuthTestServer,
  person: Person,
  body: { name: string; platform: string; redirect_uris?: string[] },
) {
  const res = await t.http('POST', '/api/oauth-clients', { headers: person.headers, json: body });
  if (res.status !== 201) throw new Error(`create client failed: ${res.status} ${res.text}`);
  return res.body as unknown as {
    id: string;
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
  };
}

/** GET /oauth/authorize; returns the Location and, when it is the consent page, the request id. */
export async function authorize(t: OAuthTestServer, params: Record<string, string>) {
  const res = await t.http('GET', `/oauth/authorize?${new URLSearchParams(params).toString()}`, {
    headers: { accept: 'text/html' },
  });
  const location = res.headers.get('location') ?? '';
  const match = /^\/consent\?request=([^&]+)$/.exec(location);
  return { res, location, requestId: match ? decodeURIComponent(match[1]!) : null };
}

export function authorizeParams(
  clientId: string,
  redirectUri: string,
  challenge: string,
  extra: Record<string, string> = {},
) {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: `st-${randomBytes(6).toString('hex')}`,
    resource: RESOURCE,
    ...extra,
  };
}

/** Authorize + approve as `person`; returns the code from the redirect. */
export async function obtainCode(
  t: OAuthTestServer,
  person: Person,
  clientId: string,
  redirectUri: string,
  extra: Record<string, string> = {},
  approveBody: unknown = {},
) {
  const { verifier, challenge } = pkce();
  const params = authorizeParams(clientId, redirectUri, challenge, extra);
  const { requestId, location, res } = await authorize(t, params);
  if (!requestId) throw new Error(`authorize did not reach consent: ${res.status} ${location} ${res.text}`);
  const approved = await t.http('POST', `/api/oauth/requests/${encodeURIComponent(requestId)}/approve`, {
    headers: person.headers,
    json: approveBody,
  });
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${approved.text}`);
  const redirect = new URL(String(approved.body.redirect_to));
  return { code: redirect.searchParams.get('code')!, redirect, verifier, state: params.state, requestId };
}

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** The redirect URI of the Claude preset, which the error suites' client is registered with. */
export const CLAUDE_CALLBACK = 'https://claude.ai/api/mcp/auth_callback';

export type OAuthClientCreated = Awaited<ReturnType<typeof createClient>>;
export type OAuthErrorSuite = Awaited<ReturnType<typeof startOAuthErrorSuite>>;

/**
 * What the OAuth error suites share: a server, a signed-in person with a confidential client
 * (Claude preset), a code exchange for that client (`extra` overrides any form field) and a look
 * at which Principal an access token becomes at /mcp.
 */
export async function startOAuthErrorSuite() {
  const t = await startOAuthTestServer();
  const ann = await signIn(t);
  const client = await createClient(t, ann, { name: 'Claude', platform: 'claude' });
  const exchange = (code: string, verifier: string | undefined, extra: Record<string, string> = {}) =>
    t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CLAUDE_CALLBACK,
        ...(verifier !== undefined ? { code_verifier: verifier } : {}),
        client_id: client.client_id,
        client_secret: client.client_secret,
        ...extra,
      },
    });
  const whoami = (access: unknown) =>
    t.http('GET', '/test/whoami', { headers: { authorization: `Bearer ${String(access)}` } });
  return { t, ann, client, exchange, whoami };
}

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../app.js';
import { type Config, loadConfig } from '../../../config.js';
import type { Db } from '../../../db/db.js';
import { principalOf } from '../../../http/authenticate.js';
import { loadSecrets } from '../../../security/secrets.js';
import { openTestDatabase } from '../../../test-support/test-db.js';
import type { FetchMetadataDocument } from '../server/cimd-fetch.js';
import { freePort } from '../../../test-support/free-port.js';

export { freePort };

/**
 * Test kit for the OAuth suites: the real app on a real migrated database, listening on a real
 * port on 127.0.0.1, plus two test-only routes (registered before the app is ready, which
 * createTestApp does not allow) that show what Principal a credential becomes. Only the fetch of
 * unknown client metadata documents can be replaced (the network edge).
 */
export const PUBLIC_URL = 'https://cairn.example';
export const RESOURCE = `${PUBLIC_URL}/mcp`;

export type OAuthTestServer = Awaited<ReturnType<typeof startOAuthTestServer>>;

export async function startOAuthTestServer(
  env: Record<string, string> = {},
  opts: { fetchMetadataDocument?: FetchMetadataDocument; port?: number } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-oauth-test-'));
  const config: Config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL, ...env });
  const database = await openTestDatabase();
  const app = await buildApp(
    {
      config,
      db: database.db,
      secrets: loadSecrets({ secretKey: randomBytes(32).toString('hex'), dataDir }),
      loginLimits: {
        perEmail: { limit: 1000, windowSeconds: 900 },
        perIp: { limit: 1000, windowSeconds: 900 },
      },
      ...(opts.fetchMetadataDocument ? { fetchMetadataDocument: opts.fetchMetadataDocument } : {}),
    },
    { logger: false, webDir: path.join(dataDir, 'no-web') },
  );
  app.get('/test/whoami', { preHandler: app.requireAuth() }, async (request) => principalOf(request));
  app.post('/test/write', { preHandler: app.requireAuth('write:traces') }, async (request) => ({
    userId: principalOf(request).userId,
  }));
  await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const db: Db = database.db;

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

  return {
    app,
    db,
    config,
    baseUrl,
    http,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A signed-in person (the real sign-in route), as the web app's bearer header. */
export async function signIn(t: OAuthTestServer, email = `p-${randomBytes(4).toString('hex')}@example.com`) {
  const password = 'correct horse battery';
  const user = await t.app.services.users.create(email, password);
  const res = await t.http('POST', '/api/auth/login', { json: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { userId: user.id, headers: { authorization: `Bearer ${String(res.body.access_token)}` } };
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

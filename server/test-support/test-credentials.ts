import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ApiKeyPermission } from '../../contract/api-keys.js';
import type { CreateTraceRequest, CreateTraceResponse } from '../../contract/traces.js';
import type { Services } from '../services.js';
import { clientFor, type Credential } from './test-client.js';

/**
 * Factories for the test kit: people, API keys, OAuth tokens and traces, each made the way a
 * person or an assistant makes them (the real services and routes), so a test holds credentials
 * the server itself issued. A failure here throws with the server's answer: it is the set-up
 * that broke, not the behaviour under test.
 */
type App = FastifyInstance & { services: Services };

/** A person with an account and a signed-in web session (the session token is the credential). */
export type TestUser = Credential & {
  userId: string;
  email: string;
  password: string;
  /** The same session as a bearer header, for raw requests. */
  headers: { authorization: string };
};

export type TestApiKey = Credential & { id: string; permissions: ApiKeyPermission[] };
export type TestOAuthToken = Credential & {
  refreshToken: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
};

export const TEST_PASSWORD = 'correct horse battery';

/** Creates the account through the users service and signs in through the real login route. */
export async function signUp(app: App, opts: { email?: string; password?: string } = {}): Promise<TestUser> {
  const email = opts.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = opts.password ?? TEST_PASSWORD;
  const user = await app.services.users.create(email, password);
  const res = await clientFor(app, null).post('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  const token = res.json.access_token;
  return { userId: user.id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * A key minted by `user` on the API-key route, carrying `permissions` (both by default), limited
 * to `project` (an existing project's name) when given.
 */
export async function createApiKey(
  app: App,
  user: TestUser,
  opts: { permissions?: ApiKeyPermission[]; name?: string; project?: string } = {},
): Promise<TestApiKey> {
  const permissions = opts.permissions ?? ['read:traces', 'write:traces'];
  const res = await clientFor(app, user).post('/api/api-keys', {
    name: opts.name ?? `test key ${permissions.join('+')}`,
    permissions,
    ...(opts.project ? { project: opts.project } : {}),
  });
  if (res.status !== 201) throw new Error(`API key creation failed: ${res.status} ${res.body}`);
  return { token: res.json.key, id: res.json.id, permissions: res.json.permissions };
}

/**
 * An OAuth access token for `user`, through the whole authorization-code flow an assistant runs:
 * a registered client, /oauth/authorize with PKCE, the person's approval of `scopes` (all the
 * client asked for by default), limited to `project` (an existing project's name) when given, and
 * the code exchange at /oauth/token.
 */
export async function createOAuthToken(
  app: App,
  publicUrl: string,
  user: TestUser,
  opts: { scopes?: string[]; project?: string } = {},
): Promise<TestOAuthToken> {
  const anon = clientFor(app, null);
  const redirectUri = 'https://assistant.example/callback';
  const created = await clientFor(app, user).post('/api/oauth-clients', {
    name: 'Test assistant',
    platform: 'generic',
    redirect_uris: [redirectUri],
  });
  if (created.status !== 201) throw new Error(`client creation failed: ${created.status} ${created.body}`);
  const { client_id: clientId, client_secret: clientSecret } = created.json as {
    client_id: string;
    client_secret: string;
  };
  const verifier = randomBytes(32).toString('base64url');
  const resource = `${publicUrl}/mcp`;
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'test',
    resource,
  });
  const authorize = await anon.get(`/oauth/authorize?${query.toString()}`, {
    headers: { accept: 'text/html' },
  });
  const location = String(authorize.headers.location ?? '');
  const requestId = new URL(location, publicUrl).searchParams.get('request');
  if (!requestId) throw new Error(`authorize did not reach consent: ${authorize.status} ${location}`);
  const approved = await clientFor(app, user).post(
    `/api/oauth/requests/${encodeURIComponent(requestId)}/approve`,
    { ...(opts.scopes ? { scopes: opts.scopes } : {}), ...(opts.project ? { project: opts.project } : {}) },
  );
  if (approved.status !== 200) throw new Error(`approval failed: ${approved.status} ${approved.body}`);
  const code = new URL(String(approved.json.redirect_to)).searchParams.get('code') ?? '';
  const token = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: clientId,
      client_secret: clientSecret,
      resource,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token exchange failed: ${token.statusCode} ${token.body}`);
  const body = token.json() as { access_token: string; refresh_token: string; scope: string };
  return {
    token: body.access_token,
    refreshToken: body.refresh_token,
    clientId,
    clientSecret,
    scopes: body.scope.split(' '),
  };
}

/** A trace created through POST /api/traces as `credential`; returns the created trace. */
export async function createTrace(
  app: App,
  credential: Credential,
  fields: CreateTraceRequest,
): Promise<CreateTraceResponse> {
  const res = await clientFor(app, credential).post('/api/traces', fields);
  if (res.status !== 201) throw new Error(`trace creation failed: ${res.status} ${res.body}`);
  return res.json;
}

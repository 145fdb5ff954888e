// Real: the whole app listening on 127.0.0.1 (fetch over HTTP), the database with the real
// migrations (PGlite, or PostgreSQL under TEST_DATABASE_URL), sign-in, the OAuth library.
// Faked: nothing. Two test-only routes show which Principal a token becomes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  authorizeParams,
  basic,
  createClient,
  obtainCode,
  type OAuthTestServer,
  PUBLIC_URL,
  pkce,
  RESOURCE,
  signIn,
  startOAuthTestServer,
} from '../testing/oauth-test-kit.js';

const CLAUDE_CALLBACK = 'https://claude.ai/api/mcp/auth_callback';

describe('OAuth authorization code flow over HTTP', () => {
  let t: OAuthTestServer;
  beforeAll(async () => {
    t = await startOAuthTestServer();
  });
  afterAll(async () => t?.close());

  it('confidential client with client_secret_post: consent, code, token, API call, refresh, revoke', async () => {
    const ann = await signIn(t);
    const client = await createClient(t, ann, { name: 'My Claude', platform: 'claude' });
    const { verifier, challenge } = pkce();
    const params = authorizeParams(client.client_id, CLAUDE_CALLBACK, challenge);

    // 1. /oauth/authorize validates and sends the browser to the SPA's consent page.
    const { res, requestId } = await authorize(t, params);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/consent\?request=/);
    expect(requestId).toBeTruthy();

    // 2. The consent page reads the request with the person's session token.
    const info = await t.http('GET', `/api/oauth/requests/${requestId}`, { headers: ann.headers });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      id: requestId,
      client: {
        name: 'My Claude',
        platform: 'claude',
        client_id: client.client_id,
        registered_via: 'manual',
      },
      redirect_uri: CLAUDE_CALLBACK,
      redirect_host: 'claude.ai',
      scopes: ['read:traces', 'write:traces'],
    });
    expect(new Date(String(info.body.expires_at)).getTime()).toBeGreaterThan(Date.now());

    // 3. Approve (no body: every requested scope): the answer is the client redirect with code,
    // state and iss (RFC 9207).
    const approved = await t.http('POST', `/api/oauth/requests/${requestId}/approve`, {
      headers: ann.headers,
    });
    expect(approved.status).toBe(200);
    const redirect = new URL(String(approved.body.redirect_to));
    expect(`${redirect.origin}${redirect.pathname}`).toBe(CLAUDE_CALLBACK);
    expect(redirect.searchParams.get('state')).toBe(params.state);
    expect(redirect.searchParams.get('iss')).toBe(PUBLIC_URL);
    const code = redirect.searchParams.get('code')!;
    expect(code).toMatch(/^coac_/);

    // 4. Token exchange, secret in the form body (what Claude sends).
    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CLAUDE_CALLBACK,
        code_verifier: verifier,
        client_id: client.client_id,
        client_secret: client.client_secret,
        resource: RESOURCE,
      },
    });
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect(token.body).toMatchObject({ token_type: 'Bearer', scope: 'read:traces write:traces' });
    expect(token.body.expires_in).toBeGreaterThan(3500);
    expect(token.body.expires_in).toBeLessThanOrEqual(3600);
    const access = String(token.body.access_token);
    const refresh = String(token.body.refresh_token);
    expect(access).toMatch(/^coat_/);
    expect(refresh).toMatch(/^cort_/);

    // 5. The token is a Principal of Ann, via oauth, with the client's public id.
    const who = await t.http('GET', '/test/whoami', { headers: { authorization: `Bearer ${access}` } });
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({
      userId: ann.userId,
      via: 'oauth',
      scopes: ['read:traces', 'write:traces'],
      clientId: client.client_id,
    });
    const write = await t.http('POST', '/test/write', { headers: { authorization: `Bearer ${access}` } });
    expect(write.status).toBe(200);
    // The token is for the resource <PUBLIC_URL>/mcp: the REST API refuses it (ADR 0022) and says
    // where OAuth discovery starts for the resource it is for.
    for (const [method, url] of [
      ['GET', '/api/auth/session'],
      ['GET', '/api/traces'],
      ['POST', '/api/traces'],
    ] as const) {
      const rest = await t.http(method, url, {
        headers: { authorization: `Bearer ${access}` },
        ...(method === 'POST' ? { json: { content: 'via REST' } } : {}),
      });
      expect(rest.status, url).toBe(401);
      expect(rest.body.code).toBe('invalid_token');
      expect(String(rest.body.error)).toContain(RESOURCE);
      const challenge = rest.headers.get('www-authenticate') ?? '';
      expect(challenge).toContain(
        `resource_metadata="${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(challenge).toContain('error="invalid_token"');
    }
    const traces = await t.http('GET', '/api/traces', { headers: ann.headers });
    expect(traces.body.totalCount).toBe(0);

    // last_used is recorded on use.
    const list = await t.http('GET', '/api/oauth-clients', { headers: ann.headers });
    const listed = (list.body as unknown as { client_id: string; last_used: string | null }[]).find(
      (c) => c.client_id === client.client_id,
    );
    expect(listed?.last_used).not.toBeNull();

    // 6. Refresh rotates both tokens.
    const refreshed = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: refresh,
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    expect(refreshed.status).toBe(200);
    const access2 = String(refreshed.body.access_token);
    const refresh2 = String(refreshed.body.refresh_token);
    expect(refresh2).not.toBe(refresh);
    expect(access2).not.toBe(access);
    expect(
      (await t.http('GET', '/test/whoami', { headers: { authorization: `Bearer ${access2}` } })).status,
    ).toBe(200);

    // 7. Revocation (RFC 7009) ends the grant: both tokens stop working at once.
    const revoked = await t.http('POST', '/oauth/revoke', {
      form: { token: refresh2, client_id: client.client_id, client_secret: client.client_secret },
    });
    expect(revoked.status).toBe(200);
    expect(
      (await t.http('GET', '/test/whoami', { headers: { authorization: `Bearer ${access2}` } })).status,
    ).toBe(401);
    const afterRevoke = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: refresh2,
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    expect(afterRevoke.status).toBe(400);
    expect(afterRevoke.body.error).toBe('invalid_grant');
  });

  it('confidential client with client_secret_basic (Cursor preset)', async () => {
    const ben = await signIn(t);
    const client = await createClient(t, ben, { name: 'Cursor', platform: 'cursor' });
    const callback = 'cursor://anysphere.cursor-mcp/oauth/callback';
    expect(client.redirect_uris).toEqual([callback]);
    const { code, verifier, redirect } = await obtainCode(t, ben, client.client_id, callback);
    expect(redirect.protocol).toBe('cursor:');
    const token = await t.http('POST', '/oauth/token', {
      headers: { authorization: basic(client.client_id, client.client_secret) },
      form: { grant_type: 'authorization_code', code, redirect_uri: callback, code_verifier: verifier },
    });
    expect(token.status).toBe(200);
    const who = await t.http('GET', '/test/whoami', {
      headers: { authorization: `Bearer ${String(token.body.access_token)}` },
    });
    expect(who.body).toMatchObject({ userId: ben.userId, via: 'oauth', clientId: client.client_id });

    // One registered URI: redirect_uri may be left out, and then also at the token endpoint.
    const { verifier: v2, challenge: c2 } = pkce();
    const { redirect_uri: _omit, ...withoutRedirect } = authorizeParams(client.client_id, callback, c2);
    const { requestId } = await authorize(t, withoutRedirect);
    const decided = await t.http('POST', `/api/oauth/requests/${requestId}/approve`, {
      headers: ben.headers,
    });
    const implicitCode = new URL(String(decided.body.redirect_to)).searchParams.get('code')!;
    const implicit = await t.http('POST', '/oauth/token', {
      headers: { authorization: basic(client.client_id, client.client_secret) },
      form: { grant_type: 'authorization_code', code: implicitCode, code_verifier: v2 },
    });
    expect(implicit.status).toBe(200);

    // Basic with a wrong secret: 401 with a Basic challenge (RFC 6749 §5.2).
    const bad = await t.http('POST', '/oauth/token', {
      headers: { authorization: basic(client.client_id, 'cocs_wrong') },
      form: { grant_type: 'refresh_token', refresh_token: String(token.body.refresh_token) },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_client');
    expect(bad.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('public client (dynamic registration, none): PKCE only, refresh without a secret', async () => {
    const cy = await signIn(t);
    const callback = 'http://127.0.0.1:8765/callback';
    const reg = await t.http('POST', '/oauth/register', {
      json: { client_name: 'Inspector', redirect_uris: [callback], token_endpoint_auth_method: 'none' },
    });
    expect(reg.status).toBe(201);
    expect(reg.body.client_secret).toBeUndefined();
    const clientId = String(reg.body.client_id);
    const { code, verifier } = await obtainCode(t, cy, clientId, callback);
    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: callback,
        code_verifier: verifier,
        client_id: clientId,
      },
    });
    expect(token.status).toBe(200);
    const refreshed = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: String(token.body.refresh_token),
        client_id: clientId,
      },
    });
    expect(refreshed.status).toBe(200);
    // A public client must not pretend to have a secret.
    const withSecret = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: String(refreshed.body.refresh_token),
        client_id: clientId,
        client_secret: 'anything',
      },
    });
    expect(withSecret.body.error).toBe('invalid_client');
    // Once approved, the dynamic client is on Cy's list, marked as such.
    const list = await t.http('GET', '/api/oauth-clients', { headers: cy.headers });
    expect(list.body).toEqual([
      expect.objectContaining({
        client_id: clientId,
        registered_via: 'dynamic',
        token_endpoint_auth_method: 'none',
      }),
    ]);
  });

  it('deny: the client gets error=access_denied with state and iss, and the request is used up', async () => {
    const dee = await signIn(t);
    const client = await createClient(t, dee, { name: 'C', platform: 'claude' });
    const params = authorizeParams(client.client_id, CLAUDE_CALLBACK, pkce().challenge);
    const { requestId } = await authorize(t, params);
    const denied = await t.http('POST', `/api/oauth/requests/${requestId}/deny`, { headers: dee.headers });
    expect(denied.status).toBe(200);
    const to = new URL(String(denied.body.redirect_to));
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('state')).toBe(params.state);
    expect(to.searchParams.get('iss')).toBe(PUBLIC_URL);
    expect(to.searchParams.get('code')).toBeNull();
    const again = await t.http('POST', `/api/oauth/requests/${requestId}/approve`, {
      headers: dee.headers,
      json: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('oauth_request_used');
  });

  it("deny checks ownership like approve: another person cannot deny a request for someone's client", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const client = await createClient(t, owner, { name: 'Mine', platform: 'claude' });
    const params = authorizeParams(client.client_id, CLAUDE_CALLBACK, pkce().challenge);
    const { requestId } = await authorize(t, params);
    const denied = await t.http('POST', `/api/oauth/requests/${requestId}/deny`, { headers: other.headers });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('oauth_client_not_yours');
    expect(denied.body.redirect_to).toBeUndefined();
    // The request is intact: its owner can still approve it.
    const approved = await t.http('POST', `/api/oauth/requests/${requestId}/approve`, {
      headers: owner.headers,
      json: {},
    });
    expect(approved.status).toBe(200);
    expect(new URL(String(approved.body.redirect_to)).searchParams.get('code')).toMatch(/^coac_/);
  });

  it('a read-only grant gets 403 insufficient_scope on a write route', async () => {
    const eve = await signIn(t);
    const client = await createClient(t, eve, { name: 'RO', platform: 'claude' });
    const { code, verifier } = await obtainCode(
      t,
      eve,
      client.client_id,
      CLAUDE_CALLBACK,
      {},
      { scopes: ['read:traces'] },
    );
    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CLAUDE_CALLBACK,
        code_verifier: verifier,
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    expect(token.body.scope).toBe('read:traces');
    const auth = { authorization: `Bearer ${String(token.body.access_token)}` };
    expect((await t.http('GET', '/test/whoami', { headers: auth })).status).toBe(200);
    const write = await t.http('POST', '/test/write', { headers: auth });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('insufficient_scope');
  });
});

// Real: the whole app on 127.0.0.1 (fetch over HTTP), the database with the real migrations
// (PGlite, or PostgreSQL under TEST_DATABASE_URL). Faked: nothing. Expiry is simulated by
// backdating rows with SQL, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  authorizeParams,
  CLAUDE_CALLBACK,
  createClient,
  type OAuthClientCreated,
  type OAuthErrorSuite,
  type OAuthTestServer,
  obtainCode,
  type Person,
  pkce,
  RESOURCE,
  signIn,
  startOAuthErrorSuite,
} from '../testing/oauth-test-kit.js';

const CB = CLAUDE_CALLBACK;

describe('OAuth errors: authorization, PKCE, codes', () => {
  let t: OAuthTestServer;
  let ann: Person;
  let client: OAuthClientCreated;
  let exchange: OAuthErrorSuite['exchange'];
  let whoami: OAuthErrorSuite['whoami'];
  beforeAll(async () => {
    ({ t, ann, client, exchange, whoami } = await startOAuthErrorSuite());
  });
  afterAll(async () => t?.close());

  it('PKCE: a missing or wrong verifier is invalid_grant, and the attempt burns the code', async () => {
    const missing = await obtainCode(t, ann, client.client_id, CB);
    const noVerifier = await exchange(missing.code, undefined);
    expect(noVerifier.status).toBe(400);
    expect(noVerifier.body.error).toBe('invalid_grant');

    const wrong = await obtainCode(t, ann, client.client_id, CB);
    const bad = await exchange(wrong.code, pkce().verifier);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_grant' });
    expect(typeof bad.body.error_description).toBe('string');
    // The right verifier afterwards does not revive it.
    expect((await exchange(wrong.code, wrong.verifier)).body.error).toBe('invalid_grant');
  });

  it('authorize: plain PKCE, a missing challenge and a wrong resource are redirected errors with state and iss', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: '' }, 'invalid_request'],
      [{ resource: 'https://evil.example/mcp' }, 'invalid_target'],
      [{ resource: `${RESOURCE}/other` }, 'invalid_target'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'read:traces admin' }, 'invalid_scope'],
    ];
    for (const [override, error] of cases) {
      const params = { ...authorizeParams(client.client_id, CB, pkce().challenge), ...override };
      if (override.code_challenge === '') delete (params as Record<string, string>).code_challenge;
      const { res, location } = await authorize(t, params);
      expect(res.status, JSON.stringify(override)).toBe(302);
      const to = new URL(location);
      expect(`${to.origin}${to.pathname}`).toBe(CB);
      expect(to.searchParams.get('error'), JSON.stringify(override)).toBe(error);
      expect(to.searchParams.get('state')).toBe(params.state);
      expect(to.searchParams.get('iss')).toBe('https://cairn.example');
    }
    // Without the resource parameter (RFC 8707 is required here) and with a trailing slash.
    const params = authorizeParams(client.client_id, CB, pkce().challenge);
    const { resource: _omit, ...noResource } = params;
    expect(new URL((await authorize(t, noResource)).location).searchParams.get('error')).toBe(
      'invalid_target',
    );
    expect((await authorize(t, { ...params, resource: `${RESOURCE}/` })).requestId).toBeTruthy();
  });

  it('authorize: an unknown client or an unregistered redirect URI is shown, never redirected', async () => {
    const base = authorizeParams(client.client_id, CB, pkce().challenge);
    for (const params of [
      { ...base, redirect_uri: 'https://evil.example/cb' },
      { ...base, redirect_uri: `${CB}/extra` },
      { ...base, client_id: 'coc_doesnotexist' },
      { ...base, client_id: '' },
    ]) {
      const { res } = await authorize(t, params);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).toContain('cannot continue');
    }
    // Programs asking for JSON get the RFC shape.
    const json = await t.http(
      'GET',
      `/oauth/authorize?${new URLSearchParams({ ...base, redirect_uri: 'https://x.example/' })}`,
    );
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
    expect(String(json.body.error_description)).toContain('https://x.example/');
    // Two registered URIs (claude.ai and claude.com): redirect_uri may not be left out.
    const { redirect_uri: _r, ...noRedirect } = base;
    expect((await authorize(t, noRedirect)).res.status).toBe(400);
  });

  it('a replayed code is refused and revokes every token issued from it', async () => {
    const { code, verifier } = await obtainCode(t, ann, client.client_id, CB);
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    expect((await whoami(first.body.access_token)).status).toBe(200);
    const replay = await exchange(code, verifier);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await whoami(first.body.access_token)).status).toBe(401);
    const refresh = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: String(first.body.refresh_token),
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it("a used code presented by another client is invalid_grant and leaves the victim's grant alive", async () => {
    const { code, verifier } = await obtainCode(t, ann, client.client_id, CB);
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    // Another client, with valid credentials of its own (here: another person's), replays the code.
    const mallory = await signIn(t);
    const other = await createClient(t, mallory, { name: 'Other', platform: 'claude' });
    const replay = await exchange(code, verifier, {
      client_id: other.client_id,
      client_secret: other.client_secret,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect(String(replay.body.error_description)).not.toMatch(/revoked/);
    expect((await whoami(first.body.access_token)).status).toBe(200);
    // The client the code was issued to still ends its grant by replaying it.
    expect((await exchange(code, verifier)).body.error).toBe('invalid_grant');
    expect((await whoami(first.body.access_token)).status).toBe(401);
  });

  it('an expired code is invalid_grant', async () => {
    const { code, verifier } = await obtainCode(t, ann, client.client_id, CB);
    await t.db.asSystem((tx) => tx.query(`UPDATE oauth_codes SET expires_at = now() - interval '1 second'`));
    const res = await exchange(code, verifier);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
    expect(String(res.body.error_description)).toMatch(/expired/);
  });

  it('an expired access token and an expired consent request are refused', async () => {
    const { code, verifier } = await obtainCode(t, ann, client.client_id, CB);
    const token = await exchange(code, verifier);
    await t.db.asSystem((tx) =>
      tx.query(`UPDATE oauth_tokens SET expires_at = now() - interval '1 second' WHERE kind = 'access'`),
    );
    expect((await whoami(token.body.access_token)).status).toBe(401);

    const { requestId } = await authorize(t, authorizeParams(client.client_id, CB, pkce().challenge));
    await t.db.asSystem((tx) =>
      tx.query(
        `UPDATE oauth_authorization_requests SET expires_at = now() - interval '1 second' WHERE decided_at IS NULL`,
      ),
    );
    const info = await t.http('GET', `/api/oauth/requests/${requestId}`, { headers: ann.headers });
    expect(info.status).toBe(410);
    expect(info.body.error).toMatch(/expired/);
    expect((await t.http('GET', '/api/oauth/requests/nope', { headers: ann.headers })).status).toBe(404);
  });
});

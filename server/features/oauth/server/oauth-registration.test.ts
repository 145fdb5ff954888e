// Real: the whole app on 127.0.0.1 (fetch over HTTP), the database with the real migrations
// (PGlite, or PostgreSQL under TEST_DATABASE_URL), the shipped metadata documents. Faked: only
// the fetch of an unknown client metadata document (the network edge), in one test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetadataDocument } from './cimd-fetch.js';
import {
  authorize,
  authorizeParams,
  obtainCode,
  type OAuthTestServer,
  type Person,
  pkce,
  signIn,
  startOAuthTestServer,
} from '../testing/oauth-test-kit.js';

const CLAUDE_ID = 'https://claude.ai/oauth/mcp-oauth-client-metadata';
const CLAUDE_CODE_ID = 'https://claude.ai/oauth/claude-code-client-metadata';
const CHATGPT_ID = 'https://chatgpt.com/oauth/client.json';
const OTHER_ID = 'https://tools.example/oauth/client.json';

describe('discovery, dynamic registration and metadata-document clients', () => {
  let t: OAuthTestServer;
  let ann: Person;
  const fetched: string[] = [];
  beforeAll(async () => {
    t = await startOAuthTestServer(
      {},
      {
        fetchMetadataDocument: async (url) => {
          fetched.push(url);
          return parseMetadataDocument(url, {
            client_id: url,
            client_name: 'Example Tool',
            redirect_uris: ['https://tools.example/callback'],
            token_endpoint_auth_method: 'none',
          });
        },
      },
    );
    ann = await signIn(t);
  });
  afterAll(async () => t?.close());

  it('dynamic registration: confidential by default, validated, owned by the first approver', async () => {
    const reg = await t.http('POST', '/oauth/register', {
      json: { client_name: 'claude.ai', redirect_uris: ['https://claude.ai/api/mcp/auth_callback'] },
    });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({
      client_name: 'claude.ai',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_secret_expires_at: 0,
      scope: 'read:traces write:traces',
    });
    expect(String(reg.body.client_secret)).toMatch(/^cocs_/);
    expect(reg.body.client_id_issued_at).toBeGreaterThan(1_700_000_000);
    const clientId = String(reg.body.client_id);

    // Not on anyone's list before approval; the consent page shows it as dynamic.
    expect((await t.http('GET', '/api/oauth-clients', { headers: ann.headers })).body).toEqual([]);
    const { requestId } = await authorize(
      t,
      authorizeParams(clientId, 'https://claude.ai/api/mcp/auth_callback', pkce().challenge),
    );
    const info = await t.http('GET', `/api/oauth/requests/${requestId}`, { headers: ann.headers });
    expect(info.body.client).toEqual({
      name: 'claude.ai',
      platform: 'claude',
      client_id: clientId,
      registered_via: 'dynamic',
    });
    await t.http('POST', `/api/oauth/requests/${requestId}/approve`, { headers: ann.headers, json: {} });
    const list = await t.http('GET', '/api/oauth-clients', { headers: ann.headers });
    expect(list.body).toEqual([
      expect.objectContaining({ client_id: clientId, registered_via: 'dynamic', platform: 'claude' }),
    ]);

    // Someone else cannot take it over.
    const bob = await signIn(t);
    await expect(obtainCode(t, bob, clientId, 'https://claude.ai/api/mcp/auth_callback')).rejects.toThrow(
      /403/,
    );

    for (const [body, error] of [
      [{ redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: [] }, 'invalid_redirect_uri'],
      [{}, 'invalid_redirect_uri'],
      [
        { redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'private_key_jwt' },
        'invalid_client_metadata',
      ],
      [
        { redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] },
        'invalid_client_metadata',
      ],
      [{ redirect_uris: ['https://a.example/cb'], scope: 'admin' }, 'invalid_client_metadata'],
      [[1, 2], 'invalid_client_metadata'],
    ] as const) {
      const res = await t.http('POST', '/oauth/register', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(error);
    }
  });

  it('never-approved dynamic clients stop working after 24 hours, and the retention sweep erases them', async () => {
    const reg = await t.http('POST', '/oauth/register', {
      json: { redirect_uris: ['https://x.example/cb'], token_endpoint_auth_method: 'none' },
    });
    const clientId = String(reg.body.client_id);
    await t.db.asSystem((tx) =>
      tx.query(`UPDATE oauth_clients SET created_at = now() - interval '25 hours' WHERE client_id = $1`, [
        clientId,
      ]),
    );
    const { res } = await authorize(t, authorizeParams(clientId, 'https://x.example/cb', pkce().challenge));
    expect(res.status).toBe(400);
    const swept = await t.app.services.oauth.deleteExpired(new Date());
    expect(swept.unclaimedClients).toBe(1);
    const left = await t.db.asSystem((tx) =>
      tx.query('SELECT 1 FROM oauth_clients WHERE client_id = $1', [clientId]),
    );
    expect(left).toEqual([]);
  });

  it("Claude's metadata document: public client, both callbacks, one row per person", async () => {
    for (const cb of [
      'https://claude.ai/api/mcp/auth_callback',
      'https://claude.com/api/mcp/auth_callback',
    ]) {
      const { code, verifier } = await obtainCode(t, ann, CLAUDE_ID, cb);
      const token = await t.http('POST', '/oauth/token', {
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: cb,
          code_verifier: verifier,
          client_id: CLAUDE_ID,
        },
      });
      expect(token.status).toBe(200);
      const who = await t.http('GET', '/test/whoami', {
        headers: { authorization: `Bearer ${String(token.body.access_token)}` },
      });
      expect(who.body).toMatchObject({ userId: ann.userId, clientId: CLAUDE_ID });
    }
    const mine = (await t.http('GET', '/api/oauth-clients', { headers: ann.headers })).body as unknown as {
      client_id: string;
      registered_via: string;
      name: string;
    }[];
    expect(mine.filter((c) => c.client_id === CLAUDE_ID)).toEqual([
      expect.objectContaining({
        registered_via: 'metadata_document',
        name: 'Claude',
        token_endpoint_auth_method: 'none',
      }),
    ]);
    const { res } = await authorize(
      t,
      authorizeParams(CLAUDE_ID, 'https://claude.ai/other', pkce().challenge),
    );
    expect(res.status).toBe(400);
  });

  it('Claude Code (loopback, any port) and ChatGPT (per-connector callbacks) documents', async () => {
    for (const cb of ['http://localhost:52163/callback', 'http://127.0.0.1:8080/callback']) {
      expect(
        (await authorize(t, authorizeParams(CLAUDE_CODE_ID, cb, pkce().challenge))).requestId,
      ).toBeTruthy();
    }
    for (const cb of [
      'http://localhost:52163/other',
      'http://[::1]:52163/callback',
      'https://localhost/callback',
    ]) {
      expect((await authorize(t, authorizeParams(CLAUDE_CODE_ID, cb, pkce().challenge))).res.status).toBe(
        400,
      );
    }
    for (const cb of [
      'https://chatgpt.com/connector/oauth/OUbdUMlL15Ct',
      'https://chatgpt.com/connector_platform_oauth_redirect',
    ]) {
      const { code, verifier } = await obtainCode(t, ann, CHATGPT_ID, cb);
      const token = await t.http('POST', '/oauth/token', {
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: cb,
          code_verifier: verifier,
          client_id: CHATGPT_ID,
        },
      });
      expect(token.status).toBe(200);
    }
    for (const cb of [
      'https://chatgpt.com/connector/oauth/a/b',
      'https://chatgpt.com/connector/oauth/x?y=1',
      'https://chatgpt.com.evil.example/connector/oauth/x',
      'https://chatgpt.com:8443/connector/oauth/x',
    ]) {
      expect((await authorize(t, authorizeParams(CHATGPT_ID, cb, pkce().challenge))).res.status, cb).toBe(
        400,
      );
    }
  });

  it('an unknown metadata document is fetched (through the guarded fetcher) and works like a known one', async () => {
    const { code, verifier } = await obtainCode(t, ann, OTHER_ID, 'https://tools.example/callback');
    expect(fetched).toContain(OTHER_ID);
    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://tools.example/callback',
        code_verifier: verifier,
        client_id: OTHER_ID,
      },
    });
    expect(token.status).toBe(200);
  });

  // Last: these use up this address's allowances for the rest of the file.
  it('caps registrations and metadata-document fetches per address', async () => {
    let limited: Awaited<ReturnType<OAuthTestServer['http']>> | undefined;
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await t.http('POST', '/oauth/register', {
        json: { redirect_uris: ['https://z.example/cb'] },
      });
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(201);
    }
    expect(limited?.body.error).toBe('invalid_request');
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);

    const before = fetched.length;
    let blocked = false;
    for (let i = 0; i < 35 && !blocked; i++) {
      const { res } = await authorize(
        t,
        authorizeParams(OTHER_ID, 'https://tools.example/callback', pkce().challenge),
      );
      blocked = res.status === 429;
    }
    expect(blocked).toBe(true);
    const after = fetched.length;
    await authorize(t, authorizeParams(OTHER_ID, 'https://tools.example/callback', pkce().challenge));
    expect(fetched.length).toBe(after);
    expect(after - before).toBeLessThanOrEqual(30);
  });
});

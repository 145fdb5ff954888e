// Real: the whole app on 127.0.0.1 (fetch over HTTP), the database with the real migrations
// (PGlite, or PostgreSQL under TEST_DATABASE_URL), sign-in. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  obtainCode,
  type OAuthTestServer,
  type Person,
  signIn,
  startOAuthTestServer,
} from '../testing/oauth-test-kit.js';

type Listed = { id: string; client_id: string; name: string; redirect_uris: string[]; [k: string]: unknown };

describe('OAuth clients API (the OAuth Clients page)', () => {
  let t: OAuthTestServer;
  let ann: Person;
  let bob: Person;
  beforeAll(async () => {
    t = await startOAuthTestServer();
    ann = await signIn(t);
    bob = await signIn(t);
  });
  afterAll(async () => t?.close());

  it('creates a client per platform with the redirect URIs that platform really uses', async () => {
    const claude = await t.http('POST', '/api/oauth-clients', {
      headers: ann.headers,
      json: { name: '  Claude  ', platform: 'claude', redirect_uris: [] },
    });
    expect(claude.status).toBe(201);
    expect(claude.headers.get('cache-control')).toBe('no-store');
    expect(claude.body).toMatchObject({
      name: 'Claude',
      platform: 'claude',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'https://claude.com/api/mcp/auth_callback'],
      scopes: ['read:traces', 'write:traces'],
      registered_via: 'manual',
      last_used: null,
      mcp_url: 'https://cairn.example/mcp',
    });
    expect(String(claude.body.client_id)).toMatch(/^coc_[0-9A-Za-z]{24}$/);
    expect(String(claude.body.client_secret)).toMatch(/^cocs_[\w-]{43}$/);

    const cursor = await createClient(t, ann, { name: 'Cursor', platform: 'cursor' });
    expect(cursor.redirect_uris).toEqual(['cursor://anysphere.cursor-mcp/oauth/callback']);

    const chatgpt = await createClient(t, ann, {
      name: 'ChatGPT',
      platform: 'chatgpt',
      redirect_uris: [
        ' https://chatgpt.com/connector/oauth/abc123 ',
        '',
        'https://chatgpt.com/connector/oauth/abc123',
      ],
    });
    expect(chatgpt.redirect_uris).toEqual([
      'https://chatgpt.com/connector_platform_oauth_redirect',
      'https://chatgpt.com/connector/oauth/abc123',
    ]);

    const generic = await createClient(t, ann, {
      name: 'Script',
      platform: 'generic',
      redirect_uris: ['http://localhost:3000/cb', 'http://[::1]/cb', 'com.example.app:/oauth'],
    });
    expect(generic.redirect_uris).toHaveLength(3);
    // The secret is stored only as a hash.
    const stored = await t.db.asSystem((tx) =>
      tx.query<{ client_secret_hash: string }>('SELECT client_secret_hash FROM oauth_clients WHERE id = $1', [
        generic.id,
      ]),
    );
    expect(stored[0]!.client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.client_secret_hash).not.toContain(generic.client_secret);
  });

  it('refuses invalid redirect URIs with messages naming them, and a nameless client', async () => {
    const cases: [unknown, RegExp][] = [
      [
        { name: 'X', platform: 'generic', redirect_uris: ['not a uri'] },
        /not a valid absolute URI: not a uri/,
      ],
      [
        { name: 'X', platform: 'generic', redirect_uris: ['http://example.com/cb'] },
        /must use https.*http:\/\/example.com\/cb/,
      ],
      [{ name: 'X', platform: 'chatgpt', redirect_uris: ['https://chatgpt.com/cb#frag'] }, /fragment.*#frag/],
      [
        { name: 'X', platform: 'generic', redirect_uris: ['javascript:alert(1)'] },
        /not allowed: javascript:alert\(1\)/,
      ],
      [
        { name: 'X', platform: 'generic', redirect_uris: ['https://user:pw@example.com/cb'] },
        /user name or password/,
      ],
      [{ name: 'X', platform: 'generic', redirect_uris: [] }, /at least one redirect URI/],
      [{ name: '   ', platform: 'claude' }, /Name is required/],
      [{ platform: 'claude' }, /Name is required/],
      [{ name: 'X', platform: 'gemini' }, /Platform must be one of claude, chatgpt, cursor, generic/],
    ];
    for (const [body, message] of cases) {
      const res = await t.http('POST', '/api/oauth-clients', { headers: ann.headers, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.error), JSON.stringify(body)).toMatch(message);
    }
    const two = await t.http('POST', '/api/oauth-clients', {
      headers: ann.headers,
      json: {
        name: 'X',
        platform: 'generic',
        redirect_uris: ['https://ok.example/cb', 'ftp://x/y', 'http://evil/'],
      },
    });
    expect(two.body.details).toEqual([
      { path: 'redirect_uris.1', message: expect.stringContaining('ftp://x/y') },
      { path: 'redirect_uris.2', message: expect.stringContaining('http://evil/') },
    ]);
  });

  it('lists, regenerates (new secret once) and deletes, also under /.netlify/functions', async () => {
    const c = await createClient(t, bob, { name: 'Bob Claude', platform: 'claude' });
    const list = await t.http('GET', '/.netlify/functions/oauth-clients', { headers: bob.headers });
    expect(list.status).toBe(200);
    const items = list.body as unknown as Listed[];
    expect(items.map((i) => i.client_id)).toEqual([c.client_id]);
    expect(items[0]).not.toHaveProperty('client_secret');

    const regen = await t.http('PUT', `/.netlify/functions/oauth-clients/${c.client_id}/regenerate`, {
      headers: bob.headers,
    });
    expect(regen.status).toBe(200);
    expect(regen.body.client_id).toBe(c.client_id);
    expect(String(regen.body.client_secret)).toMatch(/^cocs_/);
    expect(regen.body.client_secret).not.toBe(c.client_secret);

    const del = await t.http('DELETE', `/.netlify/functions/oauth-clients/${c.client_id}`, {
      headers: bob.headers,
    });
    expect(del.status).toBe(204);
    expect((await t.http('GET', '/api/oauth-clients', { headers: bob.headers })).body).toEqual([]);
    const again = await t.http('DELETE', `/api/oauth-clients/${c.id}`, { headers: bob.headers });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('OAuth client not found');
  });

  it("keeps people apart: Bob can neither see, regenerate, delete nor approve Ann's client", async () => {
    const annClient = await createClient(t, ann, { name: 'Ann only', platform: 'claude' });
    const bobList = (await t.http('GET', '/api/oauth-clients', { headers: bob.headers }))
      .body as unknown as Listed[];
    expect(bobList.map((c) => c.id)).not.toContain(annClient.id);
    for (const key of [annClient.id, annClient.client_id]) {
      expect(
        (await t.http('PUT', `/api/oauth-clients/${key}/regenerate`, { headers: bob.headers })).status,
      ).toBe(404);
      expect((await t.http('DELETE', `/api/oauth-clients/${key}`, { headers: bob.headers })).status).toBe(
        404,
      );
    }
    // Bob tries to approve an authorization for Ann's client.
    await expect(
      obtainCode(t, bob, annClient.client_id, 'https://claude.ai/api/mcp/auth_callback'),
    ).rejects.toThrow(/403.*belongs to another account/);
    // Ann's token is Ann's, whatever Bob does.
    const { code, verifier } = await obtainCode(
      t,
      ann,
      annClient.client_id,
      'https://claude.ai/api/mcp/auth_callback',
    );
    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://claude.ai/api/mcp/auth_callback',
        code_verifier: verifier,
        client_id: annClient.client_id,
        client_secret: annClient.client_secret,
      },
    });
    const who = await t.http('GET', '/test/whoami', {
      headers: { authorization: `Bearer ${String(token.body.access_token)}` },
    });
    expect(who.body).toMatchObject({ userId: ann.userId });
    // Row-level security agrees: as Bob, the table holds none of Ann's rows.
    const seen = await t.db.asUser(bob.userId, (tx) => tx.query('SELECT id FROM oauth_clients'));
    expect(seen.map((r) => r.id)).not.toContain(annClient.id);
    const tokens = await t.db.asUser(bob.userId, (tx) => tx.query('SELECT id FROM oauth_tokens'));
    expect(tokens).toEqual([]);
  });

  it('only a signed-in person manages clients: an OAuth token cannot, nor can nobody', async () => {
    const c = await createClient(t, ann, { name: 'Self-minting', platform: 'claude' });
    const { code, verifier } = await obtainCode(
      t,
      ann,
      c.client_id,
      'https://claude.ai/api/mcp/auth_callback',
    );
    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://claude.ai/api/mcp/auth_callback',
        code_verifier: verifier,
        client_id: c.client_id,
        client_secret: c.client_secret,
      },
    });
    const viaOAuth = { authorization: `Bearer ${String(token.body.access_token)}` };
    // An OAuth token is for /mcp only (ADR 0022): refused before the route's own session check.
    const list = await t.http('GET', '/api/oauth-clients', { headers: viaOAuth });
    expect(list.status).toBe(401);
    expect(list.body.code).toBe('invalid_token');
    const create = await t.http('POST', '/api/oauth-clients', {
      headers: viaOAuth,
      json: { name: 'x', platform: 'claude' },
    });
    expect(create.status).toBe(401);
    expect((await t.http('GET', '/api/oauth-clients')).status).toBe(401);
  });

  it('server-info tells the web app what to paste into an assistant', async () => {
    const info = await t.http('GET', '/api/oauth/server-info');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      issuer: 'https://cairn.example',
      mcp_url: 'https://cairn.example/mcp',
      authorization_endpoint: 'https://cairn.example/oauth/authorize',
      token_endpoint: 'https://cairn.example/oauth/token',
      registration_endpoint: 'https://cairn.example/oauth/register',
      scopes_supported: ['read:traces', 'write:traces'],
      redirect_uri_presets: {
        claude: ['https://claude.ai/api/mcp/auth_callback', 'https://claude.com/api/mcp/auth_callback'],
        cursor: ['cursor://anysphere.cursor-mcp/oauth/callback'],
        chatgpt: ['https://chatgpt.com/connector_platform_oauth_redirect'],
        generic: [],
      },
    });
  });
});

// Editing an OAuth client's name and redirect URIs. Real: the whole app on 127.0.0.1 (fetch over
// HTTP), the migrated database, sign-in, dynamic registration and the token endpoint. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  obtainCode,
  type OAuthTestServer,
  type Person,
  signIn,
  startOAuthTestServer,
} from '../testing/oauth-test-kit.js';

const CLAUDE_CALLBACKS = [
  'https://claude.ai/api/mcp/auth_callback',
  'https://claude.com/api/mcp/auth_callback',
];

describe('PATCH /api/oauth-clients/{clientId}', () => {
  let t: OAuthTestServer;
  let ann: Person;
  let bob: Person;
  beforeAll(async () => {
    t = await startOAuthTestServer();
    ann = await signIn(t);
    bob = await signIn(t);
  });
  afterAll(async () => t?.close());

  const patch = (who: Person, key: string, json: unknown, base = '/api/oauth-clients') =>
    t.http('PATCH', `${base}/${key}`, { headers: who.headers, json });

  it('renames and replaces redirect URIs; id, client_id and secret stay, and the secret still works', async () => {
    const c = await createClient(t, ann, {
      name: 'Script',
      platform: 'generic',
      redirect_uris: ['https://old.example/cb'],
    });
    const renamed = await patch(ann, c.id, { name: '  Nightly script  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: c.id,
      client_id: c.client_id,
      name: 'Nightly script',
      platform: 'generic',
      redirect_uris: ['https://old.example/cb'],
      registered_via: 'manual',
    });
    expect(renamed.body).not.toHaveProperty('client_secret');

    const moved = await patch(ann, c.client_id, {
      redirect_uris: [' https://new.example/cb ', '', 'https://new.example/cb', 'http://localhost:4000/cb'],
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: c.id,
      name: 'Nightly script',
      redirect_uris: ['https://new.example/cb', 'http://localhost:4000/cb'],
    });
    const [stored] = await t.db.asSystem((tx) =>
      tx.query<{ client_secret_hash: string; client_id: string }>(
        'SELECT client_secret_hash, client_id FROM oauth_clients WHERE id = $1',
        [c.id],
      ),
    );
    expect(stored!.client_id).toBe(c.client_id);

    // The old callback is no longer accepted; the new one is, with the secret from create.
    await expect(obtainCode(t, ann, c.client_id, 'https://old.example/cb')).rejects.toThrow();
    const { code, verifier } = await obtainCode(t, ann, c.client_id, 'https://new.example/cb');
    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://new.example/cb',
        code_verifier: verifier,
        client_id: c.client_id,
        client_secret: c.client_secret,
      },
    });
    expect(token.status).toBe(200);
    const [after] = await t.db.asSystem((tx) =>
      tx.query<{ client_secret_hash: string }>('SELECT client_secret_hash FROM oauth_clients WHERE id = $1', [
        c.id,
      ]),
    );
    expect(after!.client_secret_hash).toBe(stored!.client_secret_hash);
  });

  it("keeps the platform's own callbacks, also under /.netlify/functions", async () => {
    const c = await createClient(t, ann, { name: 'Claude', platform: 'claude' });
    const res = await patch(
      ann,
      c.id,
      { name: 'Claude at work', redirect_uris: ['https://extra.example/cb'] },
      '/.netlify/functions/oauth-clients',
    );
    expect(res.status).toBe(200);
    expect(res.body.redirect_uris).toEqual([...CLAUDE_CALLBACKS, 'https://extra.example/cb']);
    const cleared = await patch(ann, c.id, { redirect_uris: [] });
    expect(cleared.body.redirect_uris).toEqual(CLAUDE_CALLBACKS);
  });

  it('validates like create and changes nothing on a refusal', async () => {
    const c = await createClient(t, ann, {
      name: 'Keep',
      platform: 'generic',
      redirect_uris: ['https://keep.example/cb'],
    });
    const cases: [unknown, RegExp][] = [
      [{ redirect_uris: ['not a uri'] }, /not a valid absolute URI: not a uri/],
      [{ redirect_uris: ['http://example.com/cb'] }, /must use https/],
      [{ redirect_uris: ['javascript:alert(1)'] }, /not allowed: javascript:alert\(1\)/],
      [{ redirect_uris: [] }, /at least one redirect URI/],
      [{ redirect_uris: ['  '] }, /at least one redirect URI/],
      [{ name: '   ' }, /Name is required/],
      [{ name: 'x'.repeat(101) }, /Name must be at most 100 characters/],
      [{}, /Nothing to update/],
      [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }, /At most 10/],
    ];
    for (const [body, message] of cases) {
      const res = await patch(ann, c.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.error), JSON.stringify(body)).toMatch(message);
    }
    const two = await patch(ann, c.id, { redirect_uris: ['https://ok.example/cb', 'ftp://x/y'] });
    expect(two.body.details).toEqual([
      { path: 'redirect_uris.1', message: expect.stringContaining('ftp://x/y') },
    ]);
    const list = await t.http('GET', '/api/oauth-clients', { headers: ann.headers });
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: c.id, name: 'Keep', redirect_uris: ['https://keep.example/cb'] }),
      ]),
    );
  });

  it("someone else's client, an unknown one and a malformed id are all not found", async () => {
    const c = await createClient(t, ann, { name: 'Ann only', platform: 'cursor' });
    for (const key of [c.id, c.client_id, '00000000-0000-4000-8000-000000000000', 'coc_nope']) {
      const res = await patch(bob, key, { name: 'Mine now' });
      expect(res.status, key).toBe(404);
      expect(res.body.error).toBe('OAuth client not found');
    }
    const [row] = await t.db.asSystem((tx) =>
      tx.query<{ name: string }>('SELECT name FROM oauth_clients WHERE id = $1', [c.id]),
    );
    expect(row!.name).toBe('Ann only');
  });

  it('a client that registered itself cannot be edited (409), and nobody signed out can edit', async () => {
    const cy = await signIn(t);
    const callback = 'http://127.0.0.1:8765/callback';
    const reg = await t.http('POST', '/oauth/register', {
      json: { client_name: 'Inspector', redirect_uris: [callback], token_endpoint_auth_method: 'none' },
    });
    const clientId = String(reg.body.client_id);
    await obtainCode(t, cy, clientId, callback); // the approval makes Cy its owner
    const res = await patch(cy, clientId, { name: 'Renamed' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'client_not_editable' });
    const anonymous = await t.http('PATCH', `/api/oauth-clients/${clientId}`, { json: { name: 'x' } });
    expect(anonymous.status).toBe(401);
  });
});

// Real: the Fastify app on a database built by the real migrations (PGlite, or PostgreSQL under
// TEST_DATABASE_URL), people and keys made through the real routes, /mcp through app.inject.
// Faked: nothing; one test moves a key's expiry into the past in the database, which is how time
// passing looks to the server (waiting for a real date is not a test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('API key expiry and renaming', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Time passes for one key: its expiry is now in the past. */
  const expire = (id: string) =>
    t.db.asSystem((tx) =>
      tx.query("UPDATE api_keys SET expires_at = now() - interval '1 day' WHERE id = $1", [id]),
    );

  it('takes an expiry date on create, lists it, and refuses one in the past or unreadable', async () => {
    const alice = await t.signUp();
    const at = inDays(30);
    const created = await t.as(alice).post('/api/api-keys', { name: 'CI', expires_at: at });
    expect(created.status, created.body).toBe(201);
    expect(created.json.expires_at).toBe(at);
    const listed = await t.as(alice).get('/api/api-keys');
    expect(listed.json[0]!.expires_at).toBe(at);
    // Left out, a key never expires (as every key made before expiry existed).
    expect((await t.as(alice).post('/api/api-keys', { name: 'Laptop' })).json.expires_at).toBeNull();

    for (const [bad, message] of [
      [inDays(-1), 'The expiry date must be in the future'],
      ['next tuesday', 'expires_at must be an ISO 8601 date and time'],
    ] as const) {
      const res = await t.as(alice).post('/api/api-keys', { name: 'Bad', expires_at: bad });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.details?.[0]?.path).toBe('expires_at');
      expect(res.json.details?.[0]?.message).toContain(message);
    }
  });

  it('answers an expired key 401 api_key_expired with its date, on REST and on /mcp', async () => {
    const alice = await t.signUp();
    const key = await t.apiKey(alice);
    expect((await t.as(key).get('/api/traces')).status).toBe(200);
    await expire(key.id);

    const rest = await t.as(key).get('/api/traces');
    expect(rest.status).toBe(401);
    expect(rest.json.code).toBe('api_key_expired');
    expect(rest.json.error).toMatch(/^This API key expired on \d{4}-\d{2}-\d{2}/);
    expect(rest.json.error).toContain('Settings → API Keys');

    const mcp = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${key.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(mcp.statusCode).toBe(401);
    expect(mcp.json().error.data).toEqual({ code: 'api_key_expired' });
    expect(mcp.headers['www-authenticate']).toMatch(
      /error="invalid_token", error_description="This API key expired/,
    );

    // Still listed, so its owner sees why the script stopped; no longer counted as connected.
    const [listed] = (await t.as(alice).get('/api/api-keys')).json;
    expect(listed?.id).toBe(key.id);
    expect(Date.parse(listed?.expires_at ?? '')).toBeLessThan(Date.now());
    expect((await t.as(alice).get('/api/stats')).json.integrations).toBe(0);
  });

  it('renames a key and moves its expiry; a later date brings an expired key back, null means never', async () => {
    const alice = await t.signUp();
    const key = await t.apiKey(alice, { name: 'Old name' });
    const renamed = await t.as(alice).patch(`/api/api-keys/${key.id}`, { name: '  Claude Code  ' });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json).toMatchObject({ id: key.id, name: 'Claude Code', expires_at: null });
    // The key itself is unchanged: whatever uses it keeps working.
    expect((await t.as(key).get('/api/traces')).status).toBe(200);

    await expire(key.id);
    expect((await t.as(key).get('/api/traces')).json.code).toBe('api_key_expired');
    const later = inDays(90);
    const extended = await t.as(alice).patch(`/api/api-keys/${key.id}`, { expires_at: later });
    expect(extended.json.expires_at).toBe(later);
    expect((await t.as(key).get('/api/traces')).status).toBe(200);
    const never = await t.as(alice).patch(`/api/api-keys/${key.id}`, { expires_at: null });
    expect(never.json).toMatchObject({ name: 'Claude Code', expires_at: null });

    const empty = await t.as(alice).patch(`/api/api-keys/${key.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.json.error).toContain('Nothing to update');
    const past = await t.as(alice).patch(`/api/api-keys/${key.id}`, { expires_at: inDays(-2) });
    expect(past.status).toBe(400);
    expect(past.json.details?.[0]?.path).toBe('expires_at');
  });

  it('lets only the signed-in owner change a key: another person, a key and a revoked key get nothing', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const key = await t.apiKey(alice, { name: 'Alice key' });
    const path = `/api/api-keys/${key.id}`;

    const asBob = await t.as(bob).patch(path, { name: 'taken' });
    expect(asBob.status).toBe(404);
    expect(asBob.json.code).toBe('not_found');
    const asKey = await t.as(key).patch(path, { name: 'self-renamed' });
    expect(asKey.status).toBe(403);
    expect(asKey.json.code).toBe('session_required');
    expect((await t.as(alice).patch('/api/api-keys/not-a-uuid', { name: 'x' })).status).toBe(404);
    expect((await t.as(alice).get('/api/api-keys')).json[0]?.name).toBe('Alice key');

    expect((await t.as(alice).delete(`/api/api-keys?id=${key.id}`)).status).toBe(200);
    expect((await t.as(alice).patch(path, { name: 'revived' })).status).toBe(404);
  });
});

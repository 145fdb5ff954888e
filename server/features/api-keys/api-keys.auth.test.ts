// Real: Fastify app with the real authentication plugin and verifiers, database with the real
// migrations (PGlite, or PostgreSQL under TEST_DATABASE_URL), HMAC hashing. Faked: two test-only
// routes (a read-scoped and a write-scoped one) stand in for the data endpoints built elsewhere.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { principalOf } from '../../http/authenticate.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';
import { hashApiKey } from './api-key-tokens.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = { authorization: string };

const READ_ROUTE = '/api/test-only/read';
const WRITE_ROUTE = '/api/test-only/write';

describe('authenticating with an API key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        beforeReady(app) {
          // A query-string schema like the data endpoints' (page, search…) that does not declare api_key.
          app.get(
            READ_ROUTE,
            {
              preHandler: app.requireAuth('read:traces'),
              schema: { querystring: z.object({ page: z.coerce.number().optional() }) },
            },
            async (request) => principalOf(request),
          );
          app.post(WRITE_ROUTE, { preHandler: app.requireAuth('write:traces') }, async (request) =>
            principalOf(request),
          );
        },
      },
    );
  });
  afterAll(async () => t.close());

  async function newKey(headers: Headers, permissions?: string[]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers,
      payload: { name: 'test key', ...(permissions ? { permissions } : {}) },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; key: string; prefix: string };
  }
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const lastUsed = async (id: string) =>
    (
      await t.db.asSystem((tx) =>
        tx.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_keys WHERE id = $1', [id]),
      )
    )[0]!.last_used_at;

  it('accepts a key as a Bearer header and as ?api_key=, as its owner with its permissions', async () => {
    const u = await signUpAndLogin(t.app);
    const { id, key } = await newKey(u.headers);
    const expected = {
      userId: u.userId,
      via: 'api_key',
      scopes: ['read:traces', 'write:traces'],
      credentialId: id,
    };
    const viaHeader = await t.app.inject({ method: 'GET', url: READ_ROUTE, headers: bearer(key) });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json()).toEqual(expected);
    const viaQuery = await t.app.inject({ method: 'GET', url: `${READ_ROUTE}?page=2&api_key=${key}` });
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.json()).toEqual(expected);
    const write = await t.app.inject({ method: 'POST', url: `${WRITE_ROUTE}?api_key=${key}` });
    expect(write.statusCode).toBe(200);
    // An existing endpoint that takes any credential answers for the key's owner.
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(key) });
    expect(session.json()).toEqual({ user: { id: u.userId, email: u.email } });
  });

  it('answers the same 401 for a missing, garbled, unknown or revoked key', async () => {
    const u = await signUpAndLogin(t.app);
    const { id, key } = await newKey(u.headers);
    expect((await t.app.inject({ method: 'GET', url: READ_ROUTE, headers: bearer(key) })).statusCode).toBe(
      200,
    );
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys?id=${id}`,
      headers: u.headers,
    });
    expect(revoked.statusCode).toBe(200);

    const unknown = `cairn_${'A'.repeat(32)}`;
    const attempts = [
      {},
      bearer(key), // revoked a moment ago: must fail on the very next request
      bearer(unknown),
      bearer('cairn_'),
      bearer(`${key}x`), // one character too long
      bearer(key.slice(0, -1)), // one too short
      bearer(`cairn_${'-'.repeat(32)}`), // right length, wrong alphabet
      bearer(`cairn_${'é'.repeat(32)}`),
      { authorization: 'Bearer' },
      { authorization: `Basic ${Buffer.from(`x:${unknown}`).toString('base64')}` },
    ];
    const bodies = [];
    for (const headers of attempts) {
      const res = await t.app.inject({ method: 'GET', url: READ_ROUTE, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      bodies.push(res.json());
    }
    for (const url of [
      `${READ_ROUTE}?api_key=${key}`,
      `${READ_ROUTE}?api_key=${unknown}`,
      `${READ_ROUTE}?api_key=cairn_x`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      bodies.push(res.json());
    }
    for (const body of bodies)
      expect(body).toEqual({ error: 'Missing or invalid credentials', code: 'unauthorized' });
  });

  it('answers 403 insufficient_scope when a read-only key writes', async () => {
    const u = await signUpAndLogin(t.app);
    const reader = await newKey(u.headers, ['read:traces']);
    expect(
      (await t.app.inject({ method: 'GET', url: READ_ROUTE, headers: bearer(reader.key) })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: WRITE_ROUTE, headers: bearer(reader.key) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'This credential lacks the write:traces permission',
      code: 'insufficient_scope',
    });
    const writer = await newKey(u.headers, ['write:traces']);
    expect(
      (await t.app.inject({ method: 'GET', url: READ_ROUTE, headers: bearer(writer.key) })).statusCode,
    ).toBe(403);
  });

  it('never lets an API key list, create or revoke keys', async () => {
    const u = await signUpAndLogin(t.app);
    const { id, key } = await newKey(u.headers);
    for (const base of ['/api/api-keys', '/.netlify/functions/api-keys']) {
      const tries = [
        await t.app.inject({ method: 'GET', url: base, headers: bearer(key) }),
        await t.app.inject({ method: 'POST', url: base, headers: bearer(key), payload: { name: 'minted' } }),
        await t.app.inject({ method: 'POST', url: `${base}?api_key=${key}`, payload: { name: 'minted' } }),
        await t.app.inject({ method: 'DELETE', url: `${base}?id=${id}`, headers: bearer(key) }),
        await t.app.inject({ method: 'DELETE', url: `${base}?id=${id}&api_key=${key}` }),
      ];
      for (const res of tries) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          error:
            'API keys can only be managed while signed in to the web app, not with an API key or OAuth token',
          code: 'session_required',
        });
      }
    }
    const keys = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: u.headers })).json();
    expect(keys.map((k: { id: string }) => k.id)).toEqual([id]);
  });

  it('records last use at most once a minute', async () => {
    const u = await signUpAndLogin(t.app);
    const { id, key } = await newKey(u.headers);
    expect(await lastUsed(id)).toBeNull();
    expect(await countUsed(u.userId)).toBe(0);

    await t.app.inject({ method: 'GET', url: READ_ROUTE, headers: bearer(key) });
    const first = await lastUsed(id);
    expect(first).toBeInstanceOf(Date);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: u.headers })).json();
    expect(listed[0].last_used_at).toBe(first!.toISOString());

    await t.app.inject({ method: 'GET', url: READ_ROUTE, headers: bearer(key) });
    expect(await lastUsed(id)).toEqual(first);

    // Two minutes later (moved in the database, not waited for): the next use is recorded again.
    await t.db.asSystem((tx) =>
      tx.query("UPDATE api_keys SET last_used_at = last_used_at - interval '2 minutes' WHERE id = $1", [id]),
    );
    const aged = await lastUsed(id);
    await t.app.inject({ method: 'GET', url: READ_ROUTE, headers: bearer(key) });
    const second = await lastUsed(id);
    expect(second!.getTime()).toBeGreaterThan(aged!.getTime());
    expect(second!.getTime()).toBeGreaterThanOrEqual(first!.getTime());
  });

  it('counts used, unrevoked keys for the dashboard', async () => {
    const u = await signUpAndLogin(t.app);
    const used = await newKey(u.headers);
    const usedThenRevoked = await newKey(u.headers);
    await newKey(u.headers); // never used
    for (const k of [used, usedThenRevoked]) {
      await t.app.inject({ method: 'GET', url: READ_ROUTE, headers: bearer(k.key) });
    }
    expect(await countUsed(u.userId)).toBe(2);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys?id=${usedThenRevoked.id}`,
      headers: u.headers,
    });
    expect(await countUsed(u.userId)).toBe(1);
  });

  it('stores only a keyed hash of the key, never the key or its secret part', async () => {
    const u = await signUpAndLogin(t.app);
    const { id, key, prefix } = await newKey(u.headers);
    const rows = await t.db.asSystem((tx) => tx.query('SELECT * FROM api_keys WHERE id = $1', [id]));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(12));
    const row = rows[0] as { key_hash: string; prefix: string };
    expect(row.prefix).toBe(prefix);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    // Keyed: the plain SHA-256 of the key, which anyone with the dump could compute, is not it.
    const { createHash } = await import('node:crypto');
    expect(row.key_hash).not.toBe(createHash('sha256').update(key).digest('hex'));
    expect(row.key_hash).not.toBe(hashApiKey(new Uint8Array(32), key));
  });

  const countUsed = (userId: string) => t.app.services.apiKeys.countUsed(userId);
});

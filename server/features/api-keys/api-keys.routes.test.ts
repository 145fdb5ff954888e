// Real: Fastify app, database with the real migrations (PGlite, or PostgreSQL under
// TEST_DATABASE_URL), HMAC hashing, CSPRNG keys, sign-in. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_LIMITS, API_KEY_PATTERN } from '../../../contract/api-keys.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';
import { API_KEYS_PATHS } from './api-keys.routes.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = { authorization: string };

describe.each(API_KEYS_PATHS)('API keys at %s', (path) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const create = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: path, headers, payload: payload as object });
  const list = (headers: Headers) => t.app.inject({ method: 'GET', url: path, headers });
  const revoke = (headers: Headers, id: string) =>
    t.app.inject({ method: 'DELETE', url: `${path}?id=${encodeURIComponent(id)}`, headers });

  it('creates a key shown once, with default permissions and a visible prefix', async () => {
    const u = await signUpAndLogin(t.app);
    const res = await create(u.headers, { name: '  Laptop  ' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.key).toMatch(API_KEY_PATTERN);
    expect(body.key).toMatch(/^cairn_[0-9A-Za-z]{32}$/);
    expect(body).toMatchObject({
      name: 'Laptop',
      prefix: body.key.slice(0, 12),
      permissions: ['read:traces', 'write:traces'],
      last_used_at: null,
    });
    expect(body.prefix).toMatch(/^cairn_[0-9A-Za-z]{6}$/);
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);

    const listed = await list(u.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        id: body.id,
        name: 'Laptop',
        prefix: body.prefix,
        permissions: ['read:traces', 'write:traces'],
        created_at: body.created_at,
        last_used_at: null,
        expires_at: null,
        project: null,
      },
    ]);
    expect(listed.body).not.toContain(body.key);
    expect(listed.body).not.toContain(body.key.slice(12));
  });

  it('gives each key a different value and lists the newest first', async () => {
    const u = await signUpAndLogin(t.app);
    const a = (await create(u.headers, { name: 'A' })).json();
    const b = (await create(u.headers, { name: 'B' })).json();
    expect(a.key).not.toBe(b.key);
    const names = (await list(u.headers)).json().map((k: { name: string }) => k.name);
    expect(names).toEqual(['B', 'A']);
  });

  it('keeps only the permissions asked for, without duplicates', async () => {
    const u = await signUpAndLogin(t.app);
    const res = await create(u.headers, { name: 'Reader', permissions: ['read:traces', 'read:traces'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().permissions).toEqual(['read:traces']);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: '   \t ' }, 'Name is required'],
    [{}, 'Name is required'],
    [{ name: 'x'.repeat(API_KEY_LIMITS.nameMax + 1) }, `Name must be at most ${API_KEY_LIMITS.nameMax}`],
    [{ name: 'k', permissions: ['admin'] }, 'Permission must be one of: read:traces, write:traces'],
    [{ name: 'k', permissions: ['read:traces', 'delete:traces'] }, 'Permission must be one of'],
    [{ name: 'k', permissions: [] }, 'Choose at least one permission'],
    [{ name: 'k', permissions: 'read:traces' }, 'Permissions must be a list'],
  ])('refuses %j with 400 and a clear message', async (payload, message) => {
    const u = await signUpAndLogin(t.app);
    const res = await create(u.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().error).toContain(message);
    expect((await list(u.headers)).json()).toEqual([]);
  });

  it('shows and revokes only the caller’s own keys', async () => {
    const ann = await signUpAndLogin(t.app);
    const bob = await signUpAndLogin(t.app);
    const annKey = (await create(ann.headers, { name: 'Ann key' })).json();
    const bobKey = (await create(bob.headers, { name: 'Bob key' })).json();

    expect((await list(ann.headers)).json().map((k: { id: string }) => k.id)).toEqual([annKey.id]);
    expect((await list(bob.headers)).json().map((k: { id: string }) => k.id)).toEqual([bobKey.id]);
    // The second lock: as Ann, even a query without a user filter sees only Ann's rows.
    const visible = await t.db.asUser(ann.userId, (tx) =>
      tx.query<{ id: string }>('SELECT id FROM api_keys'),
    );
    expect(visible.map((r) => r.id)).toEqual([annKey.id]);

    const stolen = await revoke(ann.headers, bobKey.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'API key not found', code: 'not_found' });
    expect((await list(bob.headers)).json()).toHaveLength(1);

    const own = await revoke(ann.headers, annKey.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ success: true });
    expect((await list(ann.headers)).json()).toEqual([]);
    // Revoking twice is "not found": the key is gone from the person's point of view.
    expect((await revoke(ann.headers, annKey.id)).statusCode).toBe(404);
  });

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"])(
    'answers 404 for the unknown or malformed id %s',
    async (id) => {
      const u = await signUpAndLogin(t.app);
      const res = await revoke(u.headers, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('API key not found');
    },
  );

  it('needs an id to revoke', async () => {
    const u = await signUpAndLogin(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: path, headers: u.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('id is required');
  });

  it('answers 401 without a signed-in person', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: path }),
      await t.app.inject({ method: 'POST', url: path, payload: { name: 'x' } }),
      await t.app.inject({ method: 'DELETE', url: `${path}?id=00000000-0000-4000-8000-000000000000` }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('API key cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it(`allows ${API_KEY_LIMITS.perUserMax} active keys per person, also under concurrent creates`, async () => {
    const u = await signUpAndLogin(t.app);
    const other = await signUpAndLogin(t.app);
    const create = (headers: Headers, name: string) =>
      t.app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name } });
    for (let i = 0; i < API_KEY_LIMITS.perUserMax - 2; i++) {
      expect((await create(u.headers, `key ${i}`)).statusCode).toBe(201);
    }
    // Five at once with two places left: exactly two may win, whatever the interleaving.
    const racing = await Promise.all([1, 2, 3, 4, 5].map((i) => create(u.headers, `race ${i}`)));
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = racing.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]!.json()).toEqual({
      error: `You can have at most ${API_KEY_LIMITS.perUserMax} API keys. Revoke one you no longer use to create another.`,
      code: 'api_key_limit_reached',
    });
    // The cap is per person, and revoking frees a place.
    expect((await create(other.headers, 'mine')).statusCode).toBe(201);
    const keys = (await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: u.headers })).json();
    expect(keys).toHaveLength(API_KEY_LIMITS.perUserMax);
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys?id=${keys[0].id}`, headers: u.headers });
    expect((await create(u.headers, 'after revoke')).statusCode).toBe(201);
  });
});

// Real: Fastify app, PGlite database with the real migrations, argon2, JWTs. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app.js';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A second sign-in of `u`: its refresh cookie and access token. */
  const login = async (u: TestUser) => {
    const res = await t.as(null).post('/api/auth/login', { email: u.email, password: u.password });
    expect(res.status).toBe(200);
    return { refresh: res.cookies.cairn_refresh!, access: { token: res.json.access_token } };
  };
  const refresh = (cookie: string) =>
    t.as(null).post('/api/auth/refresh', undefined, { cookies: { cairn_refresh: cookie } });
  const ageRotations = () =>
    t.db.asSystem((tx) =>
      tx.query(
        "UPDATE auth_sessions SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL",
      ),
    );

  it('signs in, returns an access token and sets an httpOnly SameSite=Strict refresh cookie', async () => {
    await t.app.services.users.create('Ann@Example.com', 'correct horse battery');
    const res = await t.as(null).post('/api/auth/login', {
      email: 'ann@example.com',
      password: 'correct horse battery',
    });
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe('Ann@Example.com');
    expect(typeof res.json.access_token).toBe('string');
    expect(new Date(res.json.expires_at).getTime()).toBeGreaterThan(Date.now());
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    const session = await t.as({ token: res.json.access_token }).get('/api/auth/session');
    expect(session.json).toEqual({ user: { id: res.json.user.id, email: 'Ann@Example.com' } });
  });

  it('answers wrong password and unknown e-mail identically', async () => {
    await t.app.services.users.create('bob@example.com', 'correct horse battery');
    const wrong = await t.as(null).post('/api/auth/login', {
      email: 'bob@example.com',
      password: 'nope-nope-nope',
    });
    const unknown = await t.as(null).post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'nope-nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.error).toBe('Invalid login credentials');
  });

  it('rotates the refresh token on every use and revokes the family when an old one is replayed', async () => {
    const first = (await login(await t.signUp())).refresh;
    const r1 = await refresh(first);
    expect(r1.status).toBe(200);
    const second = r1.cookies.cairn_refresh!;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const r2 = await refresh(second);
    expect(r2.status).toBe(200);
    const third = r2.cookies.cairn_refresh!;
    const access = { token: r2.json.access_token };

    // Replaying the first token long after its rotation is theft: the whole family dies.
    await ageRotations();
    const replay = await refresh(first);
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('refresh_token_reused');
    expect((await refresh(third)).status).toBe(401);
    expect((await t.as(access).get('/api/auth/session')).status).toBe(401);
  });

  it('lets two tabs refresh with the same token at once without logging each other out', async () => {
    const token = (await login(await t.signUp())).refresh;
    const [a, b] = await Promise.all([refresh(token), refresh(token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rotated = a.cookies.cairn_refresh ?? b.cookies.cairn_refresh;
    expect((await refresh(rotated!)).status).toBe(200);
  });

  it('gives a browser that lost the rotated cookie the current token again, so it is not signed out later', async () => {
    const first = (await login(await t.signUp())).refresh;
    // The server rotates, but the response never reaches the browser (a reload aborted it).
    const successor = (await refresh(first)).cookies.cairn_refresh!;
    // The browser tries again with the old cookie: it gets the same live successor back.
    const retry = await refresh(first);
    expect(retry.status).toBe(200);
    expect(retry.cookies.cairn_refresh).toBe(successor);
    // Long after the grace window, the browser holds a live token: its session goes on.
    await ageRotations();
    expect((await refresh(successor)).status).toBe(200);
  });

  it('signs out server-side: the refresh token and the access token stop working', async () => {
    const { refresh: cookie, access } = await login(await t.signUp());
    const out = await t
      .as(access)
      .post('/api/auth/logout', undefined, { cookies: { cairn_refresh: cookie } });
    expect(out.status).toBe(204);
    expect((await refresh(cookie)).status).toBe(401);
    expect((await t.as(access).get('/api/auth/session')).status).toBe(401);
  });

  it('answers a refresh without a cookie "no session" (204, no error) and refuses a session call without a token', async () => {
    const none = await t.as(null).post('/api/auth/refresh');
    expect(none.status).toBe(204);
    expect(none.body).toBe('');
    const forged = await t
      .as(null)
      .post('/api/auth/refresh', undefined, { cookies: { cairn_refresh: 'forged' } });
    expect(forged.status).toBe(401);
    expect((await t.as(null).get('/api/auth/session')).status).toBe(401);
    expect((await t.as({ token: 'a.b.c' }).get('/api/auth/session')).status).toBe(401);
  });

  it('answers malformed JSON and missing fields with 400s that say what is wrong', async () => {
    const bad = await t.as(null).post('/api/auth/login', undefined, { rawBody: '{"email":' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'invalid_json', error: 'Request body is not valid JSON' });
    const missing = await t.as(null).post('/api/auth/login', { email: 'a@b.co' });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/password/);
    const huge = await t.as(null).post('/api/auth/login', {
      email: 'a@b.co',
      password: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
  });

  it('changes the password and signs out the other sessions', async () => {
    const u = await t.signUp();
    const other = await login(u);
    const res = await t.as(u).post('/api/auth/password', {
      current_password: u.password,
      new_password: 'a brand new secret',
    });
    expect(res.status).toBe(204);
    expect((await t.as(u).get('/api/auth/session')).status).toBe(200);
    expect((await refresh(other.refresh)).status).toBe(401);
    const wrong = await t.as(u).post('/api/auth/password', {
      current_password: 'not it',
      new_password: 'another new secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('Current password is incorrect');
  });
});

// argon2 hashes on a loaded two-core machine are slow, not wrong.
describe('registration and owner set-up', { timeout: 120_000 }, () => {
  it('refuses public registration while ALLOW_REGISTRATION is false (the default)', async () => {
    const t = await createTestApp();
    const res = await t.as(null).post('/api/auth/register', {
      email: 'a@example.com',
      password: 'long enough pw',
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('Public registration is currently disabled');
    await t.close();
  });

  it('registers when enabled, answers a taken e-mail alike (ADR 0022), and says what a weak password lacks', async () => {
    const t = await createTestApp({ ALLOW_REGISTRATION: 'true' });
    const register = (email: string, password: string) =>
      t.as(null).post('/api/auth/register', { email, password });
    const ok = await register('a@example.com', 'long enough pw');
    expect(ok.status).toBe(201);
    expect(ok.json.user.email).toBe('a@example.com');
    // A taken e-mail is not revealed: the same 201 and shape, a made-up id, nothing written.
    const dup = await register('A@example.com', 'long enough pw');
    expect(dup.status).toBe(201);
    expect(dup.json.user.id).not.toBe(ok.json.user.id);
    const weak = await register('b@example.com', 'short');
    expect(weak.status).toBe(400);
    expect(weak.json.error).toMatch(/Password/);
    const settings = await t.db.asSystem((tx) => tx.query('SELECT count(*)::int AS n FROM user_settings'));
    expect(settings[0]).toEqual({ n: 1 });
    await t.close();
  });

  it('creates the owner once, then never again', async () => {
    const t = await createTestApp();
    expect((await t.as(null).get('/api/auth/status')).json).toEqual({
      registration_open: false,
      needs_setup: true,
    });
    const first = await t.as(null).post('/api/auth/setup', {
      email: 'owner@example.com',
      password: 'long enough pw',
    });
    expect(first.status).toBe(201);
    expect(first.json.access_token).toBeTruthy();
    const second = await t.as(null).post('/api/auth/setup', {
      email: 'evil@example.com',
      password: 'long enough pw',
    });
    expect(second.status).toBe(409);
    expect((await t.as(null).get('/api/auth/status')).json.needs_setup).toBe(false);
    await t.close();
  });
});

// Real: Fastify app, PGlite database with the real migrations, argon2, JWTs. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function refreshCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const cookie = list.find((c: string) => c.startsWith('cairn_refresh='));
  return cookie ? cookie.split(';')[0]!.slice('cairn_refresh='.length) : undefined;
}

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('signs in, returns an access token and sets an httpOnly SameSite=Strict refresh cookie', async () => {
    await t.app.services.users.create('Ann@Example.com', 'correct horse battery');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ann@example.com', password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.email).toBe('Ann@Example.com');
    expect(typeof body.access_token).toBe('string');
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(session.json()).toEqual({ user: { id: body.user.id, email: 'Ann@Example.com' } });
  });

  it('answers wrong password and unknown e-mail identically', async () => {
    await t.app.services.users.create('bob@example.com', 'correct horse battery');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bob@example.com', password: 'nope-nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('Invalid login credentials');
  });

  it('rotates the refresh token on every use and revokes the family when an old one is replayed', async () => {
    const u = await signUpAndLogin(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    const first = refreshCookie(login)!;
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cairn_refresh: first },
    });
    expect(r1.statusCode).toBe(200);
    const second = refreshCookie(r1)!;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cairn_refresh: second },
    });
    expect(r2.statusCode).toBe(200);
    const third = refreshCookie(r2)!;
    const access = r2.json().access_token as string;

    // Replaying the first token long after its rotation is theft: the whole family dies.
    await t.db.asSystem((tx) =>
      tx.query(
        "UPDATE auth_sessions SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL",
      ),
    );
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cairn_refresh: first },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('refresh_token_reused');
    const afterTheft = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cairn_refresh: third },
    });
    expect(afterTheft.statusCode).toBe(401);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(session.statusCode).toBe(401);
  });

  it('lets two tabs refresh with the same token at once without logging each other out', async () => {
    const u = await signUpAndLogin(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    const token = refreshCookie(login)!;
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { cairn_refresh: token } }),
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { cairn_refresh: token } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rotated = refreshCookie(a) ?? refreshCookie(b);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cairn_refresh: rotated! },
    });
    expect(next.statusCode).toBe(200);
  });

  it('gives a browser that lost the rotated cookie the current token again, so it is not signed out later', async () => {
    const u = await signUpAndLogin(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    const first = refreshCookie(login)!;
    // The server rotates, but the response never reaches the browser (a reload aborted it).
    const lost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cairn_refresh: first },
    });
    const successor = refreshCookie(lost)!;
    // The browser tries again with the old cookie: it gets the same live successor back.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cairn_refresh: first },
    });
    expect(retry.statusCode).toBe(200);
    expect(refreshCookie(retry)).toBe(successor);
    // Long after the grace window, the browser holds a live token: its session goes on.
    await t.db.asSystem((tx) =>
      tx.query(
        "UPDATE auth_sessions SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL",
      ),
    );
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { cairn_refresh: successor },
    });
    expect(later.statusCode).toBe(200);
  });

  it('signs out server-side: the refresh token and the access token stop working', async () => {
    const u = await signUpAndLogin(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    const cookie = refreshCookie(login)!;
    const access = login.json().access_token as string;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { cairn_refresh: cookie },
      headers: { authorization: `Bearer ${access}` },
    });
    expect(out.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { cairn_refresh: cookie } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { authorization: `Bearer ${access}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a refresh without a cookie and a session call without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { authorization: 'Bearer a.b.c' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers malformed JSON and missing fields with 400s that say what is wrong', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_json', error: 'Request body is not valid JSON' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/password/);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('changes the password and signs out the other sessions', async () => {
    const u = await signUpAndLogin(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: u.headers,
      payload: { current_password: u.password, new_password: 'a brand new secret' },
    });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: u.headers })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          cookies: { cairn_refresh: refreshCookie(other)! },
        })
      ).statusCode,
    ).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: u.headers,
      payload: { current_password: 'not it', new_password: 'another new secret' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect');
  });
});

// argon2 hashes on a loaded two-core machine are slow, not wrong.
describe('registration and owner set-up', { timeout: 120_000 }, () => {
  it('refuses public registration while ALLOW_REGISTRATION is false (the default)', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'a@example.com', password: 'long enough pw' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Public registration is currently disabled');
    await t.close();
  });

  it('registers when enabled, answers a taken e-mail alike (ADR 0022), and says what a weak password lacks', async () => {
    const t = await createTestApp({ ALLOW_REGISTRATION: 'true' });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'a@example.com', password: 'long enough pw' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user.email).toBe('a@example.com');
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'A@example.com', password: 'long enough pw' },
    });
    // A taken e-mail is not revealed: the same 201 and shape, a made-up id, nothing written.
    expect(dup.statusCode).toBe(201);
    expect(dup.json().user.id).not.toBe(ok.json().user.id);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'b@example.com', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/Password/);
    const settings = await t.db.asSystem((tx) => tx.query('SELECT count(*)::int AS n FROM user_settings'));
    expect(settings[0]).toEqual({ n: 1 });
    await t.close();
  });

  it('creates the owner once, then never again', async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/status' })).json()).toEqual({
      registration_open: false,
      needs_setup: true,
    });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/setup',
      payload: { email: 'owner@example.com', password: 'long enough pw' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().access_token).toBeTruthy();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/setup',
      payload: { email: 'evil@example.com', password: 'long enough pw' },
    });
    expect(second.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/status' })).json().needs_setup).toBe(false);
    await t.close();
  });
});

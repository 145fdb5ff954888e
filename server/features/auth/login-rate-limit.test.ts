// Real: the app through app.inject, the database-backed rate limiter, argon2. Faked: nothing;
// the limits are smaller than production's (LOGIN_LIMITS) so the test needs few argon2 checks.
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, REGISTRATION_LIMIT } from './auth.service.js';
import { PASSWORD_CHECK_LIMIT } from '../users/users.service.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

const login = (
  t: Awaited<ReturnType<typeof createTestApp>>,
  email: string,
  password: string,
  ip = '203.0.113.7',
) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

// argon2 runs dozens of times here; on a loaded two-core machine that is slow, not wrong.
describe('sign-in rate limits', { timeout: 120_000 }, () => {
  it('limits failures per e-mail: 429 with Retry-After, even for the right password, until the window ends', async () => {
    const t = await createTestApp(
      {},
      { loginLimits: { ...LOGIN_LIMITS, perEmail: { limit: 3, windowSeconds: 900 } } },
    );
    await t.app.services.users.create('carol@example.com', 'correct horse battery');
    for (let i = 0; i < 3; i++) expect((await login(t, 'carol@example.com', 'wrong')).statusCode).toBe(401);

    const limited = await login(t, 'Carol@Example.com', 'correct horse battery', '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      error: 'Too many attempts. Try again later.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Another account is not affected.
    await t.app.services.users.create('dave@example.com', 'correct horse battery');
    expect((await login(t, 'dave@example.com', 'correct horse battery')).statusCode).toBe(200);
    await t.close();
  });

  it('limits failures per address across e-mails, and a success clears the e-mail’s count', async () => {
    const t = await createTestApp(
      {},
      {
        loginLimits: { perEmail: { limit: 2, windowSeconds: 900 }, perIp: { limit: 4, windowSeconds: 900 } },
      },
    );
    await t.app.services.users.create('erin@example.com', 'correct horse battery');
    expect((await login(t, 'erin@example.com', 'wrong')).statusCode).toBe(401);
    expect((await login(t, 'erin@example.com', 'correct horse battery')).statusCode).toBe(200);
    expect((await login(t, 'erin@example.com', 'wrong')).statusCode).toBe(401); // the count restarted
    expect((await login(t, 'nobody-1@example.com', 'x')).statusCode).toBe(401);
    expect((await login(t, 'nobody-2@example.com', 'x')).statusCode).toBe(401);
    // Four failures from this address: the fifth attempt, for any account, waits.
    const limited = await login(t, 'nobody-3@example.com', 'x');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Someone else, elsewhere, signs in as usual.
    expect((await login(t, 'erin@example.com', 'correct horse battery', '192.0.2.50')).statusCode).toBe(200);
    await t.close();
  });

  it('counts a parallel burst before checking passwords: exactly `limit` guesses are tried', async () => {
    const t = await createTestApp(
      {},
      {
        loginLimits: {
          perSource: { limit: 5, windowSeconds: 900 },
          perEmail: { limit: 100, windowSeconds: 900 },
          perIp: { limit: 100, windowSeconds: 900 },
        },
      },
    );
    await t.app.services.users.create('frank@example.com', 'correct horse battery');
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(t, 'frank@example.com', i === 39 ? 'correct horse battery' : `guess ${i}`),
      ),
    );
    const codes = burst.map((r) => r.statusCode);
    // Five attempts reached the password check; the rest were refused before it.
    expect(codes.filter((c) => c !== 429)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    await t.close();
  });

  it('backs off the guessing address, not the owner signing in from elsewhere', async () => {
    const t = await createTestApp({}, { loginLimits: LOGIN_LIMITS });
    await t.app.services.users.create('grace@example.com', 'correct horse battery');
    const attacker = '203.0.113.66';
    for (let i = 0; i < LOGIN_LIMITS.perSource!.limit; i++)
      expect((await login(t, 'grace@example.com', `guess ${i}`, attacker)).statusCode).toBe(401);
    // The guessing address waits, even with the right password…
    expect((await login(t, 'grace@example.com', 'correct horse battery', attacker)).statusCode).toBe(429);
    // …while the owner, at home, signs in.
    expect((await login(t, 'grace@example.com', 'correct horse battery', '192.0.2.10')).statusCode).toBe(200);
    await t.close();
  });

  it('lets the owner in from an address they signed in from before, once guesses lock the account', async () => {
    const t = await createTestApp(
      {},
      { loginLimits: { ...LOGIN_LIMITS, perEmail: { limit: 4, windowSeconds: 900 } } },
    );
    await t.app.services.users.create('heidi@example.com', 'correct horse battery');
    const home = '192.0.2.20';
    expect((await login(t, 'heidi@example.com', 'correct horse battery', home)).statusCode).toBe(200);
    // Guesses from many addresses, a few each (under the per-address limit), use up the account's.
    for (let i = 0; i < 6; i++) await login(t, 'heidi@example.com', `guess ${i}`, `203.0.113.${100 + i}`);
    // Somewhere new waits, even with the right password…
    expect((await login(t, 'heidi@example.com', 'correct horse battery', '198.51.100.30')).statusCode).toBe(
      429,
    );
    // …but at home the right password still works, and a wrong one there is still only a 401.
    expect((await login(t, 'heidi@example.com', 'wrong', home)).statusCode).toBe(401);
    expect((await login(t, 'heidi@example.com', 'correct horse battery', home)).statusCode).toBe(200);
    // A password reset by the self-hoster lifts the account's limit everywhere.
    await t.app.services.auth.resetPassword('Heidi@example.com', 'a brand new password');
    expect((await login(t, 'heidi@example.com', 'a brand new password', '198.51.100.30')).statusCode).toBe(
      200,
    );
    await t.close();
  });

  it('with TRUST_PROXY=1, limits a client reaching Cairn directly by its own address', async () => {
    const t = await createTestApp(
      { TRUST_PROXY: '1' },
      { loginLimits: { ...LOGIN_LIMITS, perIp: { limit: 3, windowSeconds: 900 } } },
    );
    const guess = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `nobody-${i}@example.com`, password: 'x' },
        remoteAddress: '198.51.100.40',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await guess(i)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    await t.close();
  });

  it('limits password confirmations on a password change, counted before the check', async () => {
    const t = await createTestApp();
    const { headers, password } = await signUpAndLogin(t.app);
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers,
        payload: { current_password: current, new_password: 'a brand new password' },
      });
    const burst = await Promise.all(
      Array.from({ length: PASSWORD_CHECK_LIMIT.limit + 5 }, (_, i) => change(`wrong ${i}`)),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(PASSWORD_CHECK_LIMIT.limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const limited = await change(password);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await t.close();
  });

  it('limits open registration per address and answers alike for a taken e-mail', async () => {
    const t = await createTestApp({ ALLOW_REGISTRATION: 'true' });
    const register = (email: string, ip = '198.51.100.20') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'correct horse battery' },
        remoteAddress: ip,
      });
    const fresh = await register('new@example.com');
    const taken = await register('new@example.com');
    expect(fresh.statusCode).toBe(201);
    expect(taken.statusCode).toBe(201);
    expect(Object.keys(taken.json().user)).toEqual(Object.keys(fresh.json().user));
    expect(taken.json().user.email).toBe('new@example.com');
    expect(taken.json().user.id).not.toBe(fresh.json().user.id);
    for (let i = 2; i < REGISTRATION_LIMIT.limit; i++)
      expect((await register(`other-${i}@example.com`)).statusCode).toBe(201);
    const limited = await register('one-too-many@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await register('elsewhere@example.com', '192.0.2.99')).statusCode).toBe(201);
    await t.close();
  });
});

// Real: the app through app.inject, the database-backed rate limiter, argon2. Faked: nothing;
// the limits are smaller than production's (LOGIN_LIMITS) so the test needs few argon2 checks.
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from './auth.service.js';
import { createTestApp } from '../../test-support/test-app.js';

const login = (
  t: Awaited<ReturnType<typeof createTestApp>>,
  email: string,
  password: string,
  ip = '203.0.113.7',
) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('sign-in rate limits', () => {
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
});

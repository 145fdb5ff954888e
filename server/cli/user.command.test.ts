// Real: the user command's code, the services it drives, the migrated database (PGlite, or
// PostgreSQL under TEST_DATABASE_URL), keys and OAuth tokens issued by the real routes. Faked: the
// CLI context is built from a test app instead of the environment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '../test-support/test-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import type { CliContext } from './context.js';
import { CliUsageError } from './io.js';
import { runUserCommand } from './user.command.js';

describe('cairn user reset-password', () => {
  let t: TestApp;
  const lines: string[] = [];
  const ctx = async () => ({ services: t.app.services }) as unknown as CliContext;
  const run = (argv: string[]) => runUserCommand(argv, ctx, (line) => lines.push(line));
  const works = async (credential: Credential) =>
    t.principal(credential).then(
      () => true,
      () => false,
    );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('signs every session out and keeps keys and grants unless asked', async () => {
    const user = await t.signUp();
    const key = await t.apiKey(user);
    const token = await t.oauthToken(user);
    await run(['reset-password', '--email', user.email, '--password', 'a reset password']);
    expect(lines.at(-1)).toContain('every existing session of this account was signed out');
    expect(await works(user)).toBe(false);
    expect(await works(key)).toBe(true);
    expect(await works(token)).toBe(true);
  });

  it('with --revoke-integrations, also revokes every API key and OAuth grant of the account', async () => {
    const user = await t.signUp();
    const key = await t.apiKey(user);
    const token = await t.oauthToken(user);
    const other = await t.signUp();
    const othersKey = await t.apiKey(other);
    await run([
      'reset-password',
      '--email',
      user.email,
      '--password',
      'a reset password',
      '--revoke-integrations',
    ]);
    expect(lines.at(-1)).toContain('every API key and OAuth grant');
    expect(await works(user)).toBe(false);
    expect(await works(key)).toBe(false);
    expect(await works(token)).toBe(false);
    expect(await works(othersKey)).toBe(true);
    // The new password signs in.
    const login = await t
      .as(null)
      .post('/api/auth/login', { email: user.email, password: 'a reset password' });
    expect(login.status).toBe(200);
  });

  it('lifts the account’s sign-in limits', async () => {
    const user = await t.signUp();
    const email = user.email.toLowerCase();
    for (const ip of ['203.0.113.1', '203.0.113.2'])
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong' },
        remoteAddress: ip,
      });
    const counters = () =>
      t.db.asSystem((tx) =>
        tx.query<{ key: string }>(
          `SELECT key FROM rate_limit_hits WHERE key IN ($1, $2, $3) AND hits > 0 ORDER BY key`,
          [`login:email:${email}`, `login:source:${email}:203.0.113.1`, `login:source:${email}:203.0.113.2`],
        ),
      );
    expect(await counters()).toHaveLength(3);
    await run(['reset-password', '--email', user.email, '--password', 'a reset password']);
    expect(await counters()).toEqual([]);
  });

  it('--revoke-integrations belongs to reset-password only', async () => {
    await expect(
      run(['create', '--email', 'x@example.com', '--password', 'long enough', '--revoke-integrations']),
    ).rejects.toThrow(CliUsageError);
  });
});

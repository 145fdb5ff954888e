// Identity: the users service owns passwords; sign-in, password change, the CLI's reset and the
// account's deletion all confirm a password one way. Real app on a real database, real HTTP
// through app.inject(); nothing faked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

describe('identity: one password check for every caller', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a wrong password with one code, under the field it belongs to', async () => {
    const u = await signUpAndLogin(t.app);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: u.headers,
      payload: { current_password: 'not the password', new_password: 'a brand new secret' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({
      code: 'incorrect_password',
      error: 'Current password is incorrect',
      details: [{ path: 'current_password', message: 'Current password is incorrect' }],
    });

    const remove = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: u.headers,
      payload: { password: 'not the password' },
    });
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toMatchObject({
      code: 'incorrect_password',
      error: 'Password is incorrect',
      details: [{ path: 'password', message: 'Password is incorrect' }],
    });
  });

  it('refuses a new password equal to the current one, and keeps the current one', async () => {
    const u = await signUpAndLogin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: u.headers,
      payload: { current_password: u.password, new_password: u.password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'same_password',
      details: [{ path: 'new_password', message: 'The new password must differ from the current one' }],
    });
    expect(await t.app.services.users.verifyCredentials(u.email, u.password)).toMatchObject({ id: u.userId });
  });

  it('signs in only with the right password, and an unknown e-mail is simply no one', async () => {
    const u = await signUpAndLogin(t.app);
    expect(
      await t.app.services.users.verifyCredentials(` ${u.email.toUpperCase()} `, u.password),
    ).toMatchObject({
      id: u.userId,
    });
    expect(await t.app.services.users.verifyCredentials(u.email, 'wrong password')).toBeNull();
    expect(await t.app.services.users.verifyCredentials('nobody@example.com', u.password)).toBeNull();
  });

  it('a reset (the CLI path) sets the password and ends every session of the account', async () => {
    const u = await signUpAndLogin(t.app);
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: u.headers });
    expect(before.statusCode).toBe(200);

    await t.app.services.auth.resetPassword(u.email, 'the reset password');

    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: u.headers });
    expect(after.statusCode).toBe(401);
    expect(await t.app.services.users.verifyCredentials(u.email, 'the reset password')).not.toBeNull();
    expect(await t.app.services.users.verifyCredentials(u.email, u.password)).toBeNull();
  });
});

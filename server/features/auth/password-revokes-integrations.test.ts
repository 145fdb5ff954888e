// Real: the app on a migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL); sessions,
// API keys and OAuth tokens issued by the real routes, each then presented where it is accepted.
// Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '../../test-support/test-client.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

describe('a password change may end every API key and OAuth grant (ADR 0022)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Whether a credential still gets in, where it is accepted (an OAuth token: at /mcp). */
  const works = async (credential: Credential) =>
    t.principal(credential).then(
      () => true,
      () => false,
    );

  async function integrationsOf() {
    const user = await t.signUp();
    const key = await t.apiKey(user);
    const token = await t.oauthToken(user);
    return { user, key, token };
  }

  it('keeps keys and grants by default (routine change)', async () => {
    const { user, key, token } = await integrationsOf();
    const changed = await t.as(user).post('/api/auth/password', {
      current_password: user.password,
      new_password: 'a brand new password',
    });
    expect(changed.status).toBe(204);
    expect(await works(key)).toBe(true);
    expect(await works(token)).toBe(true);
    expect((await t.as(key).get('/api/traces')).status).toBe(200);
  });

  it('with revoke_integrations, ends every key and grant of this account, and only of this one', async () => {
    const { user, key, token } = await integrationsOf();
    const readOnlyKey = await t.apiKey(user, { permissions: ['read:traces'] });
    const secondGrant = await t.oauthToken(user, { scopes: ['read:traces'] });
    const other = await integrationsOf();

    const changed = await t.as(user).post('/api/auth/password', {
      current_password: user.password,
      new_password: 'someone may have my password',
      revoke_integrations: true,
    });
    expect(changed.status).toBe(204);

    for (const credential of [key, readOnlyKey, token, secondGrant])
      expect(await works(credential)).toBe(false);
    expect((await t.as(key).get('/api/traces')).status).toBe(401);
    // The keys page lists none, and the session that changed the password lives on.
    const keys = await t.as(user).get('/api/api-keys');
    expect(keys.status).toBe(200);
    expect(keys.json).toEqual([]);
    // Someone else's are untouched.
    expect(await works(other.key)).toBe(true);
    expect(await works(other.token)).toBe(true);
  });

  it('a wrong current password revokes nothing', async () => {
    const { user, key, token } = await integrationsOf();
    const refused = await t.as(user).post('/api/auth/password', {
      current_password: 'not the password',
      new_password: 'someone may have my password',
      revoke_integrations: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('incorrect_password');
    expect(await works(key)).toBe(true);
    expect(await works(token)).toBe(true);
  });

  it('refuses a revoke_integrations that is not a boolean', async () => {
    const { user, key } = await integrationsOf();
    const bad = await t.as(user).post('/api/auth/password', {
      current_password: user.password,
      new_password: 'someone may have my password',
      revoke_integrations: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_failed');
    expect(bad.json.details?.[0]?.path).toBe('revoke_integrations');
    expect(await works(key)).toBe(true);
  });
});

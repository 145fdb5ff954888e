// Real: the app, its database, API keys and their verifier. Faked: nothing.
// The dashboard's "Integrations" tile counts API keys and OAuth clients used at least once.
import { describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

describe('stats: integrations', () => {
  it('counts an API key once it has been used, and only the owner’s', async () => {
    const t = await createTestApp();
    const ann = await signUpAndLogin(t.app);
    const bob = await signUpAndLogin(t.app);
    const integrations = async (headers: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/stats', headers })).json().integrations as number;

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: ann.headers,
      payload: { name: 'Claude Code' },
    });
    expect(created.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: ann.headers,
      payload: { name: 'Unused' },
    });
    expect(await integrations(ann.headers)).toBe(0);

    const used = await t.app.inject({
      method: 'GET',
      url: '/api/traces',
      headers: { authorization: `Bearer ${created.json().key}` },
    });
    expect(used.statusCode).toBe(200);
    expect(await integrations(ann.headers)).toBe(1);
    expect(await integrations(bob.headers)).toBe(0);
    await t.close();
  });
});

// Real: the app and its database. Faked: nothing.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app.js';

describe('GET /api/server-info', () => {
  it('reports PUBLIC_URL-based addresses to anyone, without signing in', async () => {
    const t = await createTestApp({
      PUBLIC_URL: 'https://cairn.example.org/',
      OAUTH_DYNAMIC_REGISTRATION: 'false',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/server-info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Cairn',
      version: t.config.version,
      public_url: 'https://cairn.example.org',
      mcp_url: 'https://cairn.example.org/mcp',
      api_url: 'https://cairn.example.org/api',
      stdio_client: null,
      oauth: { issuer: 'https://cairn.example.org', dynamic_registration: false },
    });
    await t.close();
  });
});

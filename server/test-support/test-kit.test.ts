// Real: the app on a migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL), listening on
// 127.0.0.1; sessions, API keys and OAuth tokens issued by the real routes. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

describe('the test kit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(async () => t.close());

  it('listens on 127.0.0.1 and makes that address the public URL', async () => {
    expect(t.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(t.config.publicUrl).toBe(t.baseUrl);
    const res = await fetch(`${t.baseUrl}/api/auth/status`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ registration_open: false });
  });

  it('signs a person up with a working session, and anonymous requests stay anonymous', async () => {
    const ann = await t.signUp();
    const session = await t.as(ann).get('/api/auth/session');
    expect(session.status).toBe(200);
    expect(session.json.user).toEqual({ id: ann.userId, email: ann.email });
    const anon = await t.as(null).get('/api/auth/session');
    expect(anon.status).toBe(401);
    expect(anon.json.code).toBeTruthy();
  });

  it('makes real API keys that carry exactly the permissions asked for', async () => {
    const ann = await t.signUp();
    const readOnly = await t.apiKey(ann, { permissions: ['read:traces'] });
    expect(readOnly.token).toMatch(/^cairn_/);
    const denied = await t.as(readOnly).post('/api/traces', { content: 'not allowed' });
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('insufficient_scope');

    const writer = await t.apiKey(ann);
    const created = await t.trace(writer, { content: 'written by a script', tags: ['kit'] });
    expect(created).toMatchObject({ content: 'written by a script', source: 'api', tags: ['kit'] });
    const read = await t.as(readOnly).get(`/api/traces/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.json.content).toBe('written by a script');
    const listed = await t.as(ann).get('/api/api-keys');
    expect(listed.json.map((k) => k.id).sort()).toEqual([readOnly.id, writer.id].sort());
  });

  it('makes real OAuth tokens through consent, narrowed to the scopes approved, for /mcp only', async () => {
    const ann = await t.signUp();
    const reader = await t.oauthToken(ann, { scopes: ['read:traces'] });
    expect(reader.token).toMatch(/^coat_/);
    expect(reader.scopes).toEqual(['read:traces']);
    expect(await t.principal(reader)).toMatchObject({
      userId: ann.userId,
      via: 'oauth',
      scopes: ['read:traces'],
    });

    const full = await t.oauthToken(ann);
    expect(full.scopes.sort()).toEqual(['read:traces', 'write:traces']);
    expect((await t.principal(full)).scopes).toEqual(['read:traces', 'write:traces']);
    // Issued for the resource <PUBLIC_URL>/mcp (docs/decisions/0022): the REST API refuses them.
    const refused = await t.as(full).get('/api/traces');
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('invalid_token');
  });

  it('sends raw bodies and cookies, and returns the cookies an answer sets', async () => {
    const ann = await t.signUp();
    const bad = await t.as(null).post('/api/auth/login', undefined, { rawBody: '{"email":' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('invalid_json');
    const login = await t.as(null).post('/api/auth/login', { email: ann.email, password: ann.password });
    const refresh = login.cookies.cairn_refresh;
    expect(refresh).toBeTruthy();
    const refreshed = await t.as(null).post('/api/auth/refresh', undefined, {
      cookies: { cairn_refresh: refresh! },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.user.id).toBe(ann.userId);
  });
});

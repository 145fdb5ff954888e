// Real: the whole app on a real migrated database through app.inject, and the MCP endpoint over
// 127.0.0.1. Each input below gave a 500 (the NUL reached PostgreSQL) before the edge check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawPost, startMcpTestServer, type McpTestServer } from '../features/mcp/testing/mcp-test-kit.js';
import { createTestApp, signUpAndLogin } from '../test-support/test-app.js';
import { findNul } from './reject-nul.js';

const NUL = 'a\u0000b';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('a NUL character anywhere in a request', { timeout: 120_000 }, () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ ALLOW_REGISTRATION: 'true' });
    auth = (await signUpAndLogin(t.app)).headers;
  });
  afterAll(async () => t?.close());

  const cases: {
    name: string;
    method: 'GET' | 'POST';
    url: string;
    payload?: unknown;
    signedIn?: boolean;
    form?: boolean;
  }[] = [
    {
      name: 'sign-in e-mail',
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: NUL, password: 'x' },
    },
    {
      name: 'authorize query',
      method: 'GET',
      url: `/oauth/authorize?client_id=${encodeURIComponent(NUL)}&response_type=code&redirect_uri=x`,
    },
    {
      name: 'revoke form',
      method: 'POST',
      url: '/oauth/revoke',
      payload: `token=${encodeURIComponent(NUL)}`,
      form: true,
    },
    {
      name: 'token form',
      method: 'POST',
      url: '/oauth/token',
      payload: `grant_type=${encodeURIComponent(NUL)}`,
      form: true,
    },
    {
      name: 'client registration',
      method: 'POST',
      url: '/oauth/register',
      payload: { redirect_uris: [`https://x.example/${NUL}`] },
    },
    { name: 'API key name', method: 'POST', url: '/api/api-keys', payload: { name: NUL }, signedIn: true },
    { name: 'search body', method: 'POST', url: '/api/search', payload: { query: NUL }, signedIn: true },
    { name: 'search query', method: 'GET', url: `/api/search?q=${encodeURIComponent(NUL)}`, signedIn: true },
    {
      name: 'an object key',
      method: 'POST',
      url: '/api/traces',
      payload: { content: 'x', [NUL]: 1 },
      signedIn: true,
    },
  ];

  for (const c of cases) {
    it(`is a 400, not a 500: ${c.name}`, async () => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: { ...(c.signedIn ? auth : {}), ...(c.form ? FORM : {}) },
        ...(c.payload === undefined ? {} : { payload: c.payload as string }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toMatch(/NUL/);
    });
  }

  it('names the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: NUL, password: 'x' },
    });
    expect(res.json()).toMatchObject({ code: 'validation_failed', details: [{ path: 'email' }] });
    expect(res.json().error).toMatch(/^email: .*NUL/);
    expect(findNul({ a: [{ b: 'ok' }, { c: NUL }] }, '')).toBe('a.1.c');
    expect(findNul({ a: ['tab\tand\nnewline are fine'] }, '')).toBeUndefined();
  });
});

describe('a NUL in MCP tool arguments', { timeout: 120_000 }, () => {
  let m: McpTestServer;
  beforeAll(async () => {
    m = await startMcpTestServer();
  });
  afterAll(async () => m?.close());

  it('is JSON-RPC invalid params (-32602), with the request id', async () => {
    const person = await m.person();
    const res = await rawPost(
      m.mcpUrl,
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search', arguments: { query: NUL } } },
      person.bearer,
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
  });
});

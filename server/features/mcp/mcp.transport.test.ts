// Real: the whole app on a real migrated database, API keys made through the REST API. Requests go
// through app.inject() (Fastify's full request path without a socket) because the Host header is
// part of what is tested and fetch() will not send a forged one; one suite also listens on
// 127.0.0.1 for the loopback aliases. Nothing is faked. Covers the transport edge of /mcp: Host and
// Origin checks, bad input as JSON-RPC errors (never a 500), the body limit, methods, log redaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app.js';
import { MCP_BODY_LIMIT_BYTES } from './mcp.routes.js';
import { INITIALIZE, type McpTestServer, rawPost, startMcpTestServer } from './testing/mcp-test-kit.js';

const ACCEPT = 'application/json, text/event-stream';

describe('a server on a public host name (PUBLIC_URL https://cairn.example)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let key: string;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { PUBLIC_URL: 'https://cairn.example', LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => lines.push(line) } },
    );
    const user = await t.app.services.users.create('owner@example.com', 'correct horse battery');
    const principal = {
      userId: user.id,
      via: 'session',
      scopes: ['read:traces', 'write:traces'],
      credentialId: 'x',
    };
    key = (await t.app.services.apiKeys.create(principal as never, { name: 'transport test' })).key;
  });
  afterAll(async () => t?.close());

  const post = (headers: Record<string, string>, payload: unknown = INITIALIZE, url = '/mcp') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        host: 'cairn.example',
        'content-type': 'application/json',
        accept: ACCEPT,
        authorization: `Bearer ${key}`,
        ...headers,
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('serves its own host name, with or without its own Origin', async () => {
    expect((await post({})).statusCode).toBe(200);
    expect((await post({ origin: 'https://cairn.example' })).statusCode).toBe(200);
  });

  it('answers 403 to a foreign Host (DNS rebinding), even before authentication', async () => {
    for (const host of ['evil.example', '127.0.0.1:3000', 'localhost', 'cairn.example.evil.example']) {
      const res = await post({ host });
      expect(res.statusCode, host).toBe(403);
      expect(res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32003 } });
    }
    expect((await post({ host: 'evil.example', authorization: '' })).statusCode).toBe(403);
  });

  it('answers 403 to a foreign or opaque Origin', async () => {
    for (const origin of [
      'https://evil.example',
      'http://cairn.example',
      'https://cairn.example:8443',
      'null',
    ]) {
      const res = await post({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.body).toMatch(/origin/i);
    }
  });

  it('turns bad input into JSON-RPC errors, never a 500', async () => {
    const bodies: unknown[] = [
      '{"jsonrpc":',
      'null',
      '42',
      '"text"',
      '[]',
      '{}',
      { jsonrpc: '2.0' },
      { jsonrpc: '1.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 'tools/call' },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: 'nope' } },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no-such-tool', arguments: {} } },
      { jsonrpc: '2.0', id: { nested: true }, method: 'tools/list' },
      [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'junk'],
    ];
    for (const body of bodies) {
      for (const extra of [{}, { 'mcp-protocol-version': '2026-07-28' }] as Record<string, string>[]) {
        const res = await post(extra, body);
        const label = `${JSON.stringify(body)} ${JSON.stringify(extra)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.headers['content-type']?.toString().startsWith('application/json')) {
          const json = res.json() as { jsonrpc?: string; error?: unknown; result?: unknown };
          expect(json.jsonrpc, label).toBe('2.0');
        }
      }
    }
    const unparsable = await post({}, '{"jsonrpc":');
    expect(unparsable.statusCode).toBe(400);
    expect(unparsable.json()).toMatchObject({ error: { code: -32700 } });
  });

  it('refuses a wrong content type with 415 and an oversized body with 413, as JSON-RPC', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await post({ 'content-type': type }, 'hello=1');
      expect(res.statusCode, type).toBe(415);
      expect(res.json(), type).toMatchObject({
        jsonrpc: '2.0',
        error: { message: /Unsupported Media Type/ },
      });
    }
    const huge = {
      ...INITIALIZE,
      params: { ...INITIALIZE.params, padding: 'x'.repeat(MCP_BODY_LIMIT_BYTES) },
    };
    const big = await post({}, huge);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ jsonrpc: '2.0', error: { message: 'Request body is too large' } });
  });

  it('answers a notification with 202, and GET and DELETE with 405 (stateless)', async () => {
    expect((await post({}, { jsonrpc: '2.0', method: 'notifications/initialized' })).statusCode).toBe(202);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/mcp',
        headers: { host: 'cairn.example', accept: ACCEPT, authorization: `Bearer ${key}` },
      });
      expect(res.statusCode, method).toBe(405);
    }
  });

  it('never serves the web app under /mcp', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/mcp/anything',
      headers: { host: 'cairn.example', accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('never writes an ?api_key= value to the log', async () => {
    lines.length = 0;
    const res = await post({ authorization: '' }, INITIALIZE, `/mcp?api_key=${key}`);
    expect(res.statusCode).toBe(200);
    // A different last character (a key ending in Z would otherwise still be the real key).
    const wrong = `${key.slice(0, -1)}${key.endsWith('Z') ? 'Y' : 'Z'}`;
    const bad = await post({ authorization: '' }, INITIALIZE, `/mcp?api_key=${wrong}`);
    expect(bad.statusCode).toBe(401);
    expect(lines.join('\n')).toMatch(/api_key=\[REDACTED\]/);
    expect(lines.join('\n')).not.toContain(key.slice(6));
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  // One app each: starting a database is the slow part.
  it.each(['true', 'false'])('checks X-Forwarded-Host only when the proxy is trusted (%s)', async (trust) => {
    const t = await createTestApp({ PUBLIC_URL: 'https://cairn.example', TRUST_PROXY: trust });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          host: '127.0.0.1:3000',
          'x-forwarded-host': 'cairn.example',
          'content-type': 'application/json',
          accept: ACCEPT,
        },
        payload: JSON.stringify(INITIALIZE),
      });
      // Trusted: the forwarded name passes the guard and the request reaches authentication.
      expect(res.statusCode).toBe(trust === 'true' ? 401 : 403);
    } finally {
      await t.close();
    }
  });
});

describe('a server whose PUBLIC_URL is loopback', () => {
  let t: McpTestServer;
  let bearer: Record<string, string>;
  beforeAll(async () => {
    t = await startMcpTestServer();
    bearer = (await t.person()).bearer;
  });
  afterAll(async () => t?.close());

  it('accepts every loopback name and loopback origins, and still refuses foreign ones', async () => {
    const port = new URL(t.baseUrl).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/json',
          accept: ACCEPT,
          ...bearer,
        },
        payload: JSON.stringify(INITIALIZE),
      });
      expect(res.statusCode, host).toBe(200);
    }
    // Over a real socket: a browser page elsewhere may not drive the local server.
    const evil = await rawPost(t.mcpUrl, INITIALIZE, { ...bearer, origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
  });
});

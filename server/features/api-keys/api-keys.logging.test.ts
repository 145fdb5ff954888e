// Real: Fastify app with its real pino logger (level trace) and the real redacting log stream,
// database with the real migrations. Faked: the log destination is an in-memory collector instead
// of stdout, and two test-only routes misbehave on purpose (a 500 whose message holds the URL, a
// double reply that makes Fastify log the raw URL itself).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('API keys never reach the logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'trace' },
      {
        logStream: { write: (line: string) => lines.push(line) },
        beforeReady(app) {
          app.get('/api/test-only/boom', { preHandler: app.requireAuth() }, async (request) => {
            throw new Error(`exploded while serving ${request.url}`);
          });
          app.get('/api/test-only/twice', { preHandler: app.requireAuth() }, async (_request, reply) => {
            reply.send({ first: true });
            reply.send({ second: true });
            return reply;
          });
        },
      },
    );
  });
  afterAll(async () => t.close());

  it('redacts ?api_key= and bare keys from every line, for good and bad requests alike', async () => {
    const u = await signUpAndLogin(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: u.headers,
      payload: { name: 'logged' },
    });
    const key = created.json().key as string;
    const unknown = `cairn_${'Q'.repeat(32)}`;
    const garbled = 'cairn_Zz9Zz9Zz9Zz9Zz9Zz9Zz9Zz9Zz9Zz9Zz9';
    lines.length = 0;

    const requests: Array<[string, string, number]> = [
      ['GET', `/api/auth/session?api_key=${key}`, 200],
      ['GET', `/api/auth/session?x=1&api_key=${key}&y=2`, 200],
      ['GET', `/api/auth/session?api_key=${unknown}`, 401],
      ['GET', `/api/auth/session?api_key=${garbled}`, 401],
      ['GET', `/.netlify/functions/api-keys?api_key=${key}`, 403],
      ['GET', `/api/no-such-endpoint?api_key=${key}`, 404],
      ['GET', `/mcp/unknown?API_KEY=${key}`, 404],
      ['GET', `/api/test-only/boom?api_key=${key}`, 500],
      ['GET', `/api/test-only/twice?api_key=${key}`, 200],
    ];
    for (const [method, url, status] of requests) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, url).toBe(status);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/api-keys?api_key=${key}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(400);
    const viaHeader = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(viaHeader.statusCode).toBe(200);

    const log = lines.join('');
    // The requests were logged (so this test can fail), with the credential redacted…
    expect(log).toContain('"url":"/api/auth/session?api_key=[REDACTED]"');
    expect(log).toContain('"url":"/api/auth/session?x=1&api_key=[REDACTED]&y=2"');
    // …including the lines Fastify writes with the raw URL, and an error carrying it.
    expect(log).toContain('exploded while serving /api/test-only/boom?api_key=[REDACTED]');
    expect(log).toMatch(/Reply was already sent.*twice\?api_key=\[REDACTED\]/);
    // …and no key, nor its secret part, anywhere.
    for (const secret of [key, key.slice(6), unknown.slice(6), garbled.slice(6)]) {
      expect(log).not.toContain(secret);
    }
    // Redaction leaves every line valid JSON for log shippers.
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});

// Real: the whole app through app.inject(), its logger writing into a collector. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { prettyLine } from './pretty-log.js';
import { quiet } from './request-log.js';

describe('request log', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (l: string) => lines.push(l) } });
  });
  afterAll(async () => t.close());

  it('writes one line per answered request, and none for health checks or the web app', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(lines, lines.join('')).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: '/api/search?api_key=cairn_abcdefghijklmnopqrstuvwxyz012345',
      payload: {},
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { level: number; msg: string; res: { statusCode: number } };
    expect(entry.level).toBe(30);
    expect(entry.msg).toMatch(/^POST \/api\/search\?api_key=\[REDACTED\] 4\d\d \d+ ms$/);
    expect(entry.res.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('quiet requests', () => {
  it("are health checks and the web app's pages and files, never the API, MCP or OAuth", () => {
    for (const url of ['/api/health', '/api/health/ready', '/app/traces', '/assets/index-1a2b.js', '/'])
      expect(quiet({ method: 'GET', url }), url).toBe(true);
    for (const url of ['/api/traces', '/mcp', '/oauth/token', '/.well-known/oauth-authorization-server'])
      expect(quiet({ method: 'GET', url }), url).toBe(false);
    expect(quiet({ method: 'POST', url: '/app/traces' })).toBe(false);
  });
});

describe('pretty log lines', () => {
  it('read as time, level, message and the fields the message does not say', () => {
    const json = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 10, 27, 14, 3, 7),
      pid: 1,
      hostname: 'h',
      msg: 'queue slow',
      depth: 12,
    });
    expect(prettyLine(json)).toBe('14:03:07 WARN  queue slow depth=12\n');
  });

  it("put an error's stack under its line, and pass a line that is not JSON through", () => {
    const json = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'failed',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(prettyLine(json)).toBe('00:00:00 ERROR failed\n    Error: boom\n        at x\n');
    expect(prettyLine('plain text\n')).toBe('plain text\n');
  });
});

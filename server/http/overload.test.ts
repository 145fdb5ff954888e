import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createAdmissionGate } from './overload.js';

function builtWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cairn-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Cairn</title>');
  return dir;
}

/** Holds the one PGlite connection (or a PostgreSQL transaction's lock) until `release()`. */
function holdDatabase(t: TestApp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const holding = new Promise<void>((resolve) => (started = resolve));
  const done = t.db.asSystem(async (tx) => {
    // On PGlite the one connection is held, so everything waits. On PostgreSQL every read and
    // write of traces waits for this lock, and the list too: it reads trace_counters first (and
    // an empty account's list reads nothing else).
    await tx.query('LOCK TABLE traces, trace_counters IN ACCESS EXCLUSIVE MODE');
    started();
    await released;
  });
  return { holding, release: async () => (release(), await done.catch(() => undefined)) };
}

describe('overload: bounded queueing and a request deadline, on a real server', () => {
  let t: TestApp | undefined;
  let hold: ReturnType<typeof holdDatabase> | undefined;
  afterEach(async () => {
    await hold?.release();
    hold = undefined;
    await t?.close();
    t = undefined;
  });

  it('answers 503 overloaded with Retry-After instead of queueing past the budget, and recovers', async () => {
    t = await createTestApp(
      { MAX_CONCURRENT_REQUESTS: '2', REQUEST_QUEUE_MS: '300', REQUEST_TIMEOUT_MS: '60000' },
      { listen: true, webDir: builtWebApp() },
    );
    const user = await t.signUp();
    const headers = { authorization: `Bearer ${user.token}` };
    const list = () => fetch(`${t!.baseUrl}/api/traces`, { headers });

    hold = holdDatabase(t);
    await hold.holding;
    // Two take the slots and wait on the database; the rest may wait 300 ms for a slot, no longer.
    const started = Date.now();
    const pending = Array.from({ length: 6 }, list);
    // Whichever two arrive first hold the slots until the database is free, so the other four are
    // answered while it is held, however late each reaches the server on a busy machine.
    const answered: Response[] = [];
    for (const p of pending) void p.then((r) => answered.push(r));
    await expect.poll(() => answered.length, { timeout: 30_000, interval: 50 }).toBe(4);
    expect(answered.map((r) => r.status)).toEqual([503, 503, 503, 503]);
    const early = answered[0]!;
    expect(await early.json()).toMatchObject({ code: 'overloaded' });
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeLessThan(30_000);

    // The health check and the web app are never shed, even while every slot is taken (the
    // health check waits for the database like anything else, and is answered once it is free).
    const health = fetch(`${t.baseUrl}/api/health`);
    const page = await fetch(`${t.baseUrl}/`);
    expect(page.status).not.toBe(503);

    await hold.release();
    expect((await health).status).toBe(200);
    const statuses = (await Promise.all(pending)).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 503, 503, 503, 503]);
    // Recovered: the next requests are served.
    expect((await list()).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/api/health`)).status).toBe(200);
  });

  it('answers /mcp overload as a JSON-RPC error with the same 503 and Retry-After', async () => {
    t = await createTestApp(
      { MAX_CONCURRENT_REQUESTS: '1', REQUEST_QUEUE_MS: '200', REQUEST_TIMEOUT_MS: '60000' },
      { listen: true },
    );
    const user = await t.signUp();
    hold = holdDatabase(t);
    await hold.holding;
    const blocked = fetch(`${t.baseUrl}/api/traces`, { headers: { authorization: `Bearer ${user.token}` } });
    // Let the first request take the only slot.
    await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    // Refused before its body was read, so the answer cannot echo the request's id.
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
    await hold.release();
    expect((await blocked).status).toBe(200);
  });

  it('answers 503 request_timeout when a request runs past REQUEST_TIMEOUT_MS, then serves again', async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '2000' }, { listen: true });
    const user = await t.signUp();
    hold = holdDatabase(t);
    await hold.holding;
    const res = await fetch(`${t.baseUrl}/api/traces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'written after the deadline' }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'request_timeout' });
    expect(res.headers.get('retry-after')).toBe('5');
    await hold.release();
    const after = await fetch(`${t.baseUrl}/api/traces`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(after.status).toBe(200);
  });
});

describe('overload: streams', () => {
  it('gives the slot back once an answer starts, so a stream left open does not hold it', async () => {
    const stream = new PassThrough();
    const t = await createTestApp(
      { MAX_CONCURRENT_REQUESTS: '1', REQUEST_QUEUE_MS: '200', REQUEST_TIMEOUT_MS: '1000' },
      {
        listen: true,
        // Test-only: an answer that starts and never ends, like an MCP subscription.
        beforeReady: (app) => {
          app.get('/api/test-only/stream', (_request, reply) => reply.type('text/plain').send(stream));
        },
      },
    );
    try {
      // Written before the request, so the headers and the first bytes go out at once.
      stream.write('first bytes\n');
      const open = await fetch(`${t.baseUrl}/api/test-only/stream`);
      expect(open.status).toBe(200);
      // Past the deadline too: a response that has begun is not cut.
      await new Promise((r) => setTimeout(r, 1200));
      const next = await fetch(`${t.baseUrl}/api/server-info`);
      expect(next.status).toBe(200);
      stream.end('last bytes\n');
      expect(await open.text()).toBe('first bytes\nlast bytes\n');
    } finally {
      stream.destroy();
      await t.close();
    }
  });
});

describe('admission gate', () => {
  const closed = { once: () => undefined };

  it('passes a freed slot to the oldest waiter and refuses at once when the queue would not drain in time', async () => {
    const gate = createAdmissionGate({ maxConcurrent: 1, queueMs: 50 });
    const first = await gate.enter(closed);
    const order: string[] = [];
    const second = gate.enter(closed).then((release) => (order.push('second'), release));
    expect(gate.stats()).toMatchObject({ active: 1, waiting: 1 });
    first();
    (await second)();
    expect(order).toEqual(['second']);
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0 });

    // A slot held for 200 ms makes the expected wait of a newcomer 200 ms > 50 ms: refused without waiting.
    const slow = await gate.enter(closed);
    await new Promise((r) => setTimeout(r, 200));
    slow();
    const held = await gate.enter(closed);
    await expect(gate.enter(closed)).rejects.toMatchObject({ status: 503, code: 'overloaded' });
    expect(gate.stats().waiting).toBe(0);
    held();
  });

  it('drops a waiter whose client hung up, so it never takes a slot', async () => {
    const gate = createAdmissionGate({ maxConcurrent: 1, queueMs: 10_000 });
    const first = await gate.enter(closed);
    let hangUp!: () => void;
    const waiting = gate.enter({ once: (_e, fn) => (hangUp = fn) });
    hangUp();
    await expect(waiting).rejects.toMatchObject({ code: 'client_closed' });
    first();
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0 });
  });
});

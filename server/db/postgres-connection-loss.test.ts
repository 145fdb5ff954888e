import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, processGroup } from '../../tests/support/processes.js';
import { startOwnCluster } from '../test-support/pg-cluster.js';

/**
 * A Cairn process on PostgreSQL under a write burst while its backends are terminated and the
 * server crashes and restarts. It must stay up, answer 503 + Retry-After while the database is
 * away, serve again once it is back, and lose no write it acknowledged. Real processes, a real
 * PostgreSQL of the test's own (the shared server of the PostgreSQL run must stay up).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const procs = processGroup();
let destroy: (() => void) | undefined;

afterAll(() => {
  procs.killAll();
  destroy?.();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('a lost PostgreSQL connection', () => {
  it('keeps the process alive, answers 503 + Retry-After, and loses no acknowledged write', async () => {
    const cluster = await startOwnCluster();
    destroy = cluster.destroy;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await procs.startServer({ PORT: String(port), DATABASE_URL: cluster.url });

    const setup = await fetch(`${base}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'a long enough password' }),
    });
    expect(setup.status).toBe(201);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'a long enough password' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const retryAfterOn503: (string | null)[] = [];
    let writing = true;
    let n = 0;
    async function writer(w: number) {
      while (writing) {
        const res = await fetch(`${base}/api/traces`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ content: `burst write ${w}-${n++} ${Math.random()}` }),
        }).catch(() => undefined);
        if (!res) continue;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = (await res.json()) as { id?: string };
        if (res.status === 201 && body.id) acknowledged.push(body.id);
        if (res.status === 503) {
          retryAfterOn503.push(res.headers.get('retry-after'));
          await sleep(100);
        }
      }
    }
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));

    await sleep(1500);
    // Every backend of the app killed mid-transaction, as an operator's pg_terminate_backend does.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    await admin.end();
    await sleep(1500);

    // A crash: no checkpoint, every connection cut. While it is down the API answers 503.
    cluster.stop('immediate');
    await sleep(1000);
    const whileDown = await fetch(`${base}/api/traces`, { headers });
    expect(whileDown.status).toBe(503);
    expect(whileDown.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await whileDown.json()) as { code: string }).code).toBe('database_unavailable');
    await sleep(1000);
    cluster.start();
    await sleep(2000);
    writing = false;
    await Promise.all(writers);

    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    // Only "written" and "unavailable, retry": never a 500 nor a hang.
    expect([...statuses.keys()].sort()).toEqual([201, 503]);
    expect(retryAfterOn503.every((v) => v !== null && /^\d+$/.test(v))).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(10);

    // Serving again, and every acknowledged write is there.
    const after = await fetch(`${base}/api/traces`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: 'after the restart' }),
    });
    expect(after.status).toBe(201);
    const missing: string[] = [];
    for (const id of acknowledged) {
      const res = await fetch(`${base}/api/traces/${id}`, { headers });
      if (res.status !== 200) missing.push(`${id}: ${res.status}`);
    }
    expect(missing).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);
});

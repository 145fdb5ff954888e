// Real: PGlite in its own worker thread (on disk and in memory), the Db built on it, PostgreSQL's
// own errors. Faked: nothing; a thread's death is a real terminate() of its worker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { openPglite } from './pglite.js';
import { PgliteThread } from './pglite-thread.js';
import { DatabaseUnavailableError } from './unavailable.js';
import { pgliteTemplate } from '../test-support/test-db.js';

// From the migrated test template: booting an empty cluster (initdb) costs seconds each.
const open = async () => openPglite(undefined, { loadDataDir: await pgliteTemplate() });

describe('the embedded database in its own thread', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cairn-pglite-thread-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('keeps the event loop free while a long statement runs', async () => {
    const db = await open();
    try {
      let longestGap = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 5);
      const started = performance.now();
      // Seconds of work for the database thread: the main thread must keep ticking meanwhile.
      await db.asSystem((tx) =>
        tx.query('SELECT count(*) FROM generate_series(1, 3000000) g WHERE g % 7 = 0'),
      );
      const took = performance.now() - started;
      clearInterval(ticker);
      expect(took).toBeGreaterThan(100);
      expect(longestGap).toBeLessThan(took / 2);
    } finally {
      await db.close();
    }
  });

  it('runs transactions one at a time in the order asked, and rolls back a failed one whole', async () => {
    const db = await open();
    try {
      await db.asSystem((tx) => tx.exec('CREATE TABLE t (n int PRIMARY KEY, at int)'));
      let order = 0;
      const writes = Array.from({ length: 20 }, (_, n) =>
        db.asSystem(async (tx) => {
          const [row] = await tx.query<{ c: number }>('SELECT count(*)::int AS c FROM t');
          await new Promise((r) => setTimeout(r, 1));
          await tx.query('INSERT INTO t VALUES ($1, $2)', [n, order++]);
          return row!.c;
        }),
      );
      // Each saw exactly the rows of those before it: none interleaved with another.
      expect(await Promise.all(writes)).toEqual(Array.from({ length: 20 }, (_, n) => n));
      const failing = db.asSystem(async (tx) => {
        await tx.query('INSERT INTO t VALUES (100, 0)');
        await tx.query('INSERT INTO t VALUES (1, 0)');
      });
      // PostgreSQL's error crosses the thread boundary with its SQLSTATE.
      await expect(failing).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
      expect(await db.asSystem((tx) => tx.query('SELECT n FROM t WHERE n = 100'))).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('reports a COMMIT that fails, and runs the transaction queued behind it on a clean session', async () => {
    const db = await open();
    try {
      // A deferred constraint is checked at COMMIT: the only statement of this transaction that fails.
      await db.asSystem((tx) =>
        tx.exec('CREATE TABLE d (n int, CONSTRAINT d_n UNIQUE (n) DEFERRABLE INITIALLY DEFERRED)'),
      );
      const failing = db.asSystem(async (tx) => {
        await tx.query('INSERT INTO d VALUES (1), (1)');
        return 'written';
      });
      // Asked for before the failing COMMIT is answered: it runs after it, on a clean session.
      const next = db.asSystem((tx) => tx.query<{ c: number }>('SELECT count(*)::int AS c FROM d'));
      await expect(failing).rejects.toMatchObject({ code: '23505', constraint: 'd_n' });
      expect(await next).toEqual([{ c: 0 }]);
      await db.asSystem((tx) => tx.query('INSERT INTO d VALUES (2)'));
      expect(await db.asSystem((tx) => tx.query('SELECT n FROM d'))).toEqual([{ n: 2 }]);
    } finally {
      await db.close();
    }
  });

  it('answers the health ping while a transaction is open, and starts sessions with the search settings', async () => {
    const db = await open();
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const open = db.asSystem(async (tx) => {
        await tx.query('SELECT 1');
        await held;
      });
      await expect(db.ping()).resolves.toBeUndefined();
      release();
      await open;
      const [row] = await db.asSystem((tx) =>
        tx.query<{ ef: string }>("SELECT current_setting('hnsw.ef_search') AS ef"),
      );
      expect(row?.ef).toBe('100');
    } finally {
      await db.close();
    }
  });

  it('fails what a dying thread held with 503-class errors, and opens the data directory again', async () => {
    const dir = tempDir();
    const thread = new PgliteThread({
      dataDir: path.join(dir, 'pglite'),
      loadDataDir: await pgliteTemplate(),
      settings: {},
      serverSettings: {},
    });
    const worker = await thread.start();
    await thread.call({ op: 'exec', sql: 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (1)' });
    const inFlight = thread.call({
      op: 'query',
      sql: 'SELECT count(*) FROM generate_series(1, 5000000)',
      params: [],
    });
    await worker.terminate();
    await expect(inFlight).rejects.toBeInstanceOf(DatabaseUnavailableError);
    // Right away it is still restarting; a little later the directory opens again, data intact.
    await expect(thread.call({ op: 'ping' })).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await new Promise((r) => setTimeout(r, 2_100));
    const { rows } = await thread.call({ op: 'query', sql: 'SELECT n FROM kept', params: [] });
    expect(rows).toEqual([{ n: 1 }]);
    await thread.close();
  });

  it('dumps a database that another thread starts from (as the test template is made)', async () => {
    let first: Db | undefined;
    let second: Db | undefined;
    try {
      first = await open();
      await first.asSystem((tx) => tx.exec('CREATE TABLE marker (n int); INSERT INTO marker VALUES (7)'));
      const dump = await first.dump!();
      second = await openPglite(undefined, { loadDataDir: dump });
      expect(await second.asSystem((tx) => tx.query('SELECT n FROM marker'))).toEqual([{ n: 7 }]);
    } finally {
      await first?.close();
      await second?.close();
    }
  });
});

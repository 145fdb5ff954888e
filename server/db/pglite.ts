import type { Db, SqlParam, Tx } from './db.js';
import { userScopeSql } from './db.js';
import { PgliteThread } from './pglite-thread.js';
import { SESSION_SETTINGS } from './session-settings.js';

/**
 * Embedded PostgreSQL (WASM) with pgvector and pg_trgm, in its own worker thread (ADR 0025):
 * PGlite runs SQL on the thread that calls it, and that must not be the event loop that answers
 * HTTP. PGlite is one connection, so transactions take turns: one at a time, in the order they
 * were asked for, each statement a message to the database thread. `dataDir` undefined means an
 * in-memory database (tests).
 */
export async function openPglite(
  dataDir: string | undefined,
  opts: {
    /** A data-directory dump (`dumpPglite`) to start from instead of an empty cluster. */
    loadDataDir?: Uint8Array;
    /** The buffer pool (PGLITE_SHARED_BUFFERS_MB). */
    sharedBuffersMb?: number;
  } = {},
): Promise<Db> {
  const thread = new PgliteThread({
    dataDir,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    settings: SESSION_SETTINGS,
    serverSettings: serverSettings(opts.sharedBuffersMb),
  });
  await thread.start();
  return pgliteDb(thread);
}

/**
 * The buffer pool PGlite gets unless told otherwise. It lives in the WebAssembly heap and is
 * touched whole at start, so it is resident memory from the first second (ADR 0025).
 */
export const DEFAULT_SHARED_BUFFERS_MB = 32;

function serverSettings(sharedBuffersMb = DEFAULT_SHARED_BUFFERS_MB): Record<string, string> {
  return { shared_buffers: `${sharedBuffersMb}MB` };
}

/**
 * An in-memory database migrated by `prepare`, dumped as an uncompressed tarball: the template
 * the test kit starts each test database from (docs/decisions/0014-test-databases.md).
 */
export async function dumpPglite(prepare: (db: Db) => Promise<unknown>): Promise<Uint8Array> {
  const thread = new PgliteThread({ dataDir: undefined, settings: {}, serverSettings: serverSettings() });
  await thread.start();
  try {
    await prepare(pgliteDb(thread));
    const { dump } = await thread.call({ op: 'dump' });
    if (!dump) throw new Error('The database thread sent no dump');
    return dump;
  } finally {
    await thread.close();
  }
}

function pgliteDb(thread: PgliteThread): Db {
  // Transactions (and statements outside one) take turns, in the order asked for.
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    waiting++;
    const run = tail.then(() => {
      waiting--;
      return fn();
    });
    tail = run.catch(() => {});
    return run;
  }

  /**
   * BEGIN travels with the transaction's first statement (one message instead of two), and a
   * transaction that ran no statement sends nothing at all. COMMIT is awaited: a write is
   * acknowledged only once it is committed. The next transaction's turn starts as soon as COMMIT
   * (or ROLLBACK) is sent, not when its answer is back: the thread runs messages in the order they
   * arrive, so the next BEGIN cannot overtake it, and the database does not idle for a round trip
   * through a busy event loop between two transactions (ADR 0025).
   */
  async function transaction<T>(begin: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    let ended: Promise<unknown> = Promise.resolve();
    const result = await exclusive(async () => {
      let begun = false;
      let open = true;
      const started = () => {
        if (!open) throw new Error('This transaction has already ended');
        if (begun) return {};
        begun = true;
        return { begin };
      };
      const tx: Tx = {
        async query<Row>(sql: string, params: readonly SqlParam[] = []) {
          const { rows } = await thread.call({ op: 'query', sql, params, ...started() });
          return (rows ?? []) as Row[];
        },
        async exec(sql: string) {
          await thread.call({ op: 'exec', sql, ...started() });
        },
      };
      try {
        const value = await fn(tx);
        open = false;
        if (begun) ended = thread.call({ op: 'exec', sql: 'COMMIT' });
        return value;
      } catch (err) {
        open = false;
        if (begun) void thread.call({ op: 'exec', sql: 'ROLLBACK' }).catch(() => {});
        throw err;
      }
    });
    await ended;
    return result;
  }

  return {
    kind: 'pglite',
    asUser: (userId, fn) => transaction(`BEGIN; ${userScopeSql(userId)}`, fn),
    asSystem: (fn) => transaction('BEGIN', fn),
    async runOutsideTransaction(sql) {
      await exclusive(() => thread.call({ op: 'exec', sql }));
    },
    async ping() {
      // Not behind the queue of transactions: the health check asks whether the database thread
      // lives and answers, which it does between one transaction's statements too.
      await thread.call({ op: 'ping' });
    },
    async dump() {
      const { dump } = await exclusive(() => thread.call({ op: 'dump' }));
      if (!dump) throw new Error('The database thread sent no dump');
      return dump;
    },
    stats: () => ({ waiting, inFlight: thread.inFlight, busyMs: thread.busyMs }),
    close: () => exclusive(() => thread.close()),
  };
}

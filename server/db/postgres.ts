import pg from 'pg';
import type { Db, SqlParam, Tx } from './db.js';
import { userScopeSql } from './db.js';
import { SESSION_SETTINGS } from './session-settings.js';
import { DatabaseUnavailableError, isConnectionLoss } from './unavailable.js';

// Keep timestamps as JS Dates (the default) and bigint counts as numbers: every count we run
// is far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Without it a request waits for ever while the server is down; 5 s then 503 + Retry-After.
    connectionTimeoutMillis: 5_000,
    // Startup options: each new connection has them before its first statement.
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool drops it and opens a new one when asked.
  });
  const unavailable = (err: unknown) => (isConnectionLoss(err) ? new DatabaseUnavailableError(err) : err);
  // For /metrics (Db.stats): statements in flight and the time they took, as the PGlite thread counts.
  let inFlight = 0;
  let busyMs = 0;
  const timed = async <T>(run: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    inFlight += 1;
    try {
      return await run();
    } finally {
      inFlight -= 1;
      busyMs += performance.now() - began;
    }
  };
  const wrap = (client: pg.PoolClient): Tx => ({
    async query<Row>(sql: string, params: readonly SqlParam[] = []) {
      const res = await timed(() => client.query(sql, params as unknown[]));
      return res.rows as Row[];
    },
    async exec(sql: string) {
      await timed(() => client.query(sql));
    },
  });
  async function inTransaction<T>(begin: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      throw unavailable(err);
    }
    // The pool listens for errors only on idle clients. A checked-out client whose backend is
    // terminated (pg_terminate_backend, a restart, a crash) emits 'error'; unheard, that event
    // kills the process. Heard, the query in flight rejects and the client is discarded below.
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken = err;
    };
    client.on('error', onError);
    try {
      await client.query(begin);
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      if (isConnectionLoss(err)) broken ??= err as Error;
      else if (!broken) await client.query('ROLLBACK').catch(() => {});
      throw unavailable(err);
    } finally {
      client.off('error', onError);
      // Passing an error destroys the connection instead of returning it to the pool.
      client.release(broken);
    }
  }
  return {
    kind: 'postgres',
    asUser: (userId, fn) => inTransaction(`BEGIN; ${userScopeSql(userId)}`, fn),
    asSystem: (fn) => inTransaction('BEGIN', fn),
    async runOutsideTransaction(sql) {
      await pool.query(sql).catch((err: unknown) => {
        throw unavailable(err);
      });
    },
    async ping() {
      await pool.query('select 1').catch((err: unknown) => {
        throw unavailable(err);
      });
    },
    stats: () => ({ waiting: pool.waitingCount, inFlight, busyMs }),
    async close() {
      await pool.end();
    },
  };
}

import pg from 'pg';
import type { Db, SqlParam, Tx } from './db.js';
import { userScopeSql } from './db.js';

// Keep timestamps as JS Dates (the default) and bigint counts as numbers: every count we run
// is far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Requests surface real errors.
  });
  const wrap = (client: pg.PoolClient): Tx => ({
    async query<Row>(sql: string, params: readonly SqlParam[] = []) {
      const res = await client.query(sql, params as unknown[]);
      return res.rows as Row[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  async function inTransaction<T>(begin: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query(begin);
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  return {
    kind: 'postgres',
    asUser: (userId, fn) => inTransaction(`BEGIN; ${userScopeSql(userId)}`, fn),
    asSystem: (fn) => inTransaction('BEGIN', fn),
    async runOutsideTransaction(sql) {
      await pool.query(sql);
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

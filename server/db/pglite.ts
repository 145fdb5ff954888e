import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import type { Db, SqlParam, Tx } from './db.js';
import { userScopeSql } from './db.js';

/**
 * Embedded PostgreSQL (WASM) with pgvector and pg_trgm. PGlite is one connection: its
 * `transaction()` serialises callers, which is what keeps concurrent requests correct here.
 * `dataDir` undefined means an in-memory database (tests).
 */
export async function openPglite(
  dataDir: string | undefined,
  opts: {
    /** A data-directory dump (`dumpPglite`) to start from instead of an empty cluster. */
    loadDataDir?: Blob;
  } = {},
): Promise<Db> {
  const pg = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { vector, pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  return wrapPglite(pg);
}

/**
 * An in-memory database migrated by `prepare`, dumped as an uncompressed tarball: the template
 * the test kit starts each test database from (docs/decisions/0014-test-databases.md).
 */
export async function dumpPglite(prepare: (db: Db) => Promise<unknown>): Promise<Blob> {
  const pg = await PGlite.create('memory://', { extensions: { vector, pg_trgm } });
  try {
    await prepare(wrapPglite(pg));
    // Uncompressed: every test database reads it, and un-gzipping 40 MB costs more than it saves.
    return await pg.dumpDataDir('none');
  } finally {
    if (!pg.closed) await pg.close();
  }
}

function wrapPglite(pg: PGlite): Db {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Tx => ({
    async query<Row>(sql: string, params: readonly SqlParam[] = []) {
      const res = await q.query<Row>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    asUser(userId, fn) {
      return pg.transaction(async (tx) => {
        await tx.exec(userScopeSql(userId));
        return fn(wrap(tx));
      });
    },
    asSystem(fn) {
      return pg.transaction(async (tx) => fn(wrap(tx)));
    },
    async runOutsideTransaction(sql) {
      await pg.exec(sql);
    },
    async ping() {
      await pg.query('select 1');
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}

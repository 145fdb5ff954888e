import path from 'node:path';
import type { Config } from '../config.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export type OpenedDatabase = { db: Db; lock: DataDirLock | undefined; applied: string[] };

/**
 * DATABASE_URL set → that PostgreSQL server; otherwise embedded PGlite under DATA_DIR/pglite,
 * guarded by the data-directory lock. Migrations run before anything else touches the database.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl);
    try {
      return { db, lock: undefined, applied: await migrate(db) };
    } catch (err) {
      await db.close();
      throw err;
    }
  }
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const db = await openPglite(path.join(config.dataDir, 'pglite'));
    try {
      return { db, lock, applied: await migrate(db) };
    } catch (err) {
      await db.close();
      throw err;
    }
  } catch (err) {
    lock.release();
    throw err;
  }
}

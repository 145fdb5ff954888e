import path from 'node:path';
import type { Config } from '../config.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { secureDataDir } from './data-dir-permissions.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export type OpenedDatabase = { db: Db; lock: DataDirLock | undefined; applied: string[] };

/**
 * DATABASE_URL set → that PostgreSQL server; otherwise embedded PGlite under DATA_DIR/pglite,
 * guarded by the data-directory lock. Migrations run before anything else touches the database.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteSharedBuffersMb'>,
): Promise<OpenedDatabase> {
  // Both engines: with DATABASE_URL, DATA_DIR still holds the secret key.
  secureDataDir(config.dataDir);
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl);
    try {
      return { db, lock: undefined, applied: await migrate(db) };
    } catch (err) {
      await db.close();
      throw err;
    }
  }
  const lock = await acquireDataDirLock(config.dataDir);
  try {
    const db = await openPglite(path.join(config.dataDir, 'pglite'), {
      ...(config.pgliteSharedBuffersMb ? { sharedBuffersMb: config.pgliteSharedBuffersMb } : {}),
    });
    try {
      const applied = await migrate(db);
      // PGlite unpacks a new cluster from its bundled archive with that archive's modes (0666),
      // past the umask; files it creates later go through open() and get 0600.
      secureDataDir(config.dataDir);
      return { db, lock, applied };
    } catch (err) {
      await db.close();
      throw err;
    }
  } catch (err) {
    lock.release();
    throw err;
  }
}

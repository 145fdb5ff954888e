import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { tablesDueForVacuum, vacuumDueTables } from './maintenance.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';

/** Real in-memory PGlite: dead rows made by real deletes, cleared by a real VACUUM. */
describe('embedded database maintenance', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await migrate(db);
  });
  afterAll(() => db.close());

  it('vacuums exactly the tables whose dead rows pass the autovacuum threshold', async () => {
    await db.asSystem(async (tx) => {
      await tx.exec(`INSERT INTO rate_limit_hits (key, window_start, hits)
        SELECT 'b' || g, now(), 1 FROM generate_series(1, 500) g`);
      await tx.exec('DELETE FROM rate_limit_hits');
    });
    // Statistics are collected asynchronously; ask for a flush before reading them.
    await db.runOutsideTransaction('SELECT pg_stat_force_next_flush()');
    expect(await tablesDueForVacuum(db)).toContain('rate_limit_hits');
    expect(await vacuumDueTables(db)).toContain('rate_limit_hits');
    await db.runOutsideTransaction('SELECT pg_stat_force_next_flush()');
    expect(await tablesDueForVacuum(db)).not.toContain('rate_limit_hits');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { maintainTables, tablesDue } from './maintenance.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';

/** Real in-memory PGlite: dead and changed rows made by real writes, cleared by real VACUUM/ANALYZE. */
describe('embedded database maintenance', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(undefined);
    await migrate(db);
  });
  afterAll(() => db.close());

  // Statistics are collected asynchronously; ask for a flush before reading them.
  const flush = () => db.runOutsideTransaction('SELECT pg_stat_force_next_flush()');

  it('vacuums exactly the tables whose dead rows pass the autovacuum threshold', async () => {
    await db.asSystem(async (tx) => {
      await tx.exec(`INSERT INTO rate_limit_hits (key, window_start, hits)
        SELECT 'b' || g, now(), 1 FROM generate_series(1, 500) g`);
      await tx.exec('DELETE FROM rate_limit_hits');
    });
    await flush();
    expect((await tablesDue(db)).vacuum).toContain('rate_limit_hits');
    expect((await maintainTables(db)).vacuum).toContain('rate_limit_hits');
    await flush();
    expect((await tablesDue(db)).vacuum).not.toContain('rate_limit_hits');
  });

  it('analyzes a table that only grew, so the planner knows its size and values', async () => {
    await db.asSystem((tx) =>
      tx.exec(`INSERT INTO rate_limit_hits (key, window_start, hits)
        SELECT 'a' || g, now(), 1 FROM generate_series(1, 400) g`),
    );
    await flush();
    const due = await tablesDue(db);
    expect(due.analyze).toContain('rate_limit_hits');
    expect(due.vacuum).not.toContain('rate_limit_hits');
    expect((await maintainTables(db)).analyze).toContain('rate_limit_hits');
    await flush();
    expect((await tablesDue(db)).analyze).not.toContain('rate_limit_hits');
    const [stats] = await db.asSystem((tx) =>
      tx.query<{ analyzed: boolean }>(
        "SELECT last_analyze IS NOT NULL AS analyzed FROM pg_stat_user_tables WHERE relname = 'rate_limit_hits'",
      ),
    );
    expect(stats).toEqual({ analyzed: true });
  });
});

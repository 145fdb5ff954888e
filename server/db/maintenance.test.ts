import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { maintainTables, purgeDeletedTraces, tablesDue } from './maintenance.js';
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

  it('erases traces deleted over 30 days ago, and keeps recent deletions and active traces', async () => {
    await db.asSystem(async (tx) => {
      const [user] = await tx.query<{ id: string }>(
        "INSERT INTO users (email, password_hash) VALUES ('purge@example.com', 'x') RETURNING id",
      );
      const insert = (content: string, active: boolean, deletedDaysAgo: number) =>
        tx.query(
          `INSERT INTO traces (user_id, content, content_hash, is_active, deleted_at)
           VALUES ($1, $2, md5($2), $3, CASE WHEN $3 THEN NULL ELSE now() - make_interval(days => $4) END)`,
          [user!.id, content, active, deletedDaysAgo],
        );
      await insert('old deletion', false, 31);
      await insert('recent deletion', false, 2);
      await insert('still here', true, 0);
    });
    expect(await purgeDeletedTraces(db)).toBe(1);
    const left = await db.asSystem((tx) =>
      tx.query<{ content: string }>('SELECT content FROM traces ORDER BY content'),
    );
    expect(left.map((r) => r.content)).toEqual(['recent deletion', 'still here']);
  });
});

import type { Tx } from '../../db/db.js';

export const STATS_DAYS = 30;

/** The dashboard's numbers for one user (every query filters by user_id). */
export const statsRepo = {
  /** Total active traces and the sum of their access counts, from the trigger-kept counters. */
  async totals(tx: Tx, userId: string): Promise<{ active: number; accessSum: number }> {
    const rows = await tx.query<{ active: number; access_sum: number }>(
      'SELECT active, access_sum FROM trace_counters WHERE user_id = $1',
      [userId],
    );
    const row = rows[0];
    return { active: Number(row?.active ?? 0), accessSum: Number(row?.access_sum ?? 0) };
  },

  /** Active traces created in the last 24 hours (a range on the list index). */
  async addedSince24h(tx: Tx, userId: string): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM traces
        WHERE user_id = $1 AND is_active AND created_at > now() - interval '24 hours'`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  },

  /**
   * One row per UTC day for the last STATS_DAYS days, oldest first, zero-filled: active traces
   * created that day and counted retrievals that day.
   */
  async daily(tx: Tx, userId: string): Promise<{ date: string; added: number; queries: number }[]> {
    // The first day is written out (not joined from a CTE) so it is an index condition on
    // (user_id, is_active, created_at): only the last 30 days' rows are read.
    const firstDay = `(now() AT TIME ZONE 'UTC')::date - ($2::int - 1)`;
    return tx.query(
      `WITH days AS (
              SELECT d::date AS day
                FROM generate_series(${firstDay}, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d),
            added AS (
              SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
                FROM traces
               WHERE user_id = $1 AND is_active
                 AND created_at >= (${firstDay})::timestamp AT TIME ZONE 'UTC'
               GROUP BY 1)
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
              coalesce(added.n, 0) AS added,
              coalesce(a.count, 0) AS queries
         FROM days
         LEFT JOIN added ON added.day = days.day
         LEFT JOIN trace_access_daily a ON a.user_id = $1 AND a.day = days.day
        ORDER BY days.day`,
      [userId, STATS_DAYS],
    );
  },
};

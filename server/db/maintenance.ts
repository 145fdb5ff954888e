import type { Db } from './db.js';

/**
 * PGlite has no autovacuum daemon, so nothing would ever clear dead rows (edits, soft deletes,
 * token rotation, the embedding queue) or refresh the planner's statistics — and without
 * statistics the planner ignores the trigram index and a search reads the whole table
 * (docs/decisions/0005). This task applies autovacuum's own rules to each table:
 *   vacuum when dead tuples   > 50 + 20 % of live tuples;
 *   analyze when modified rows > 50 + 10 % of live tuples (since the last analyze).
 * PostgreSQL servers run their own autovacuum, so VACUUM/ANALYZE happen only on PGlite. The
 * schedule that calls this, after each feature's retention sweep, is features/maintenance/.
 */
export const VACUUM_THRESHOLD = { base: 50, scale: 0.2 } as const;
export const ANALYZE_THRESHOLD = { base: 50, scale: 0.1 } as const;

export type DueTables = { vacuum: string[]; analyze: string[] };

export async function tablesDue(db: Db): Promise<DueTables> {
  const rows = await db.asSystem((tx) =>
    tx.query<{ relname: string; vacuum: boolean; analyze: boolean }>(
      `SELECT relname,
              n_dead_tup > $1::float8 + $2::float8 * n_live_tup AS vacuum,
              n_mod_since_analyze > $3::float8 + $4::float8 * n_live_tup AS analyze
         FROM pg_stat_user_tables
        WHERE schemaname = 'public'
        ORDER BY n_dead_tup + n_mod_since_analyze DESC`,
      [VACUUM_THRESHOLD.base, VACUUM_THRESHOLD.scale, ANALYZE_THRESHOLD.base, ANALYZE_THRESHOLD.scale],
    ),
  );
  return {
    vacuum: rows.filter((r) => r.vacuum).map((r) => r.relname),
    analyze: rows.filter((r) => r.analyze && !r.vacuum).map((r) => r.relname),
  };
}

/** One pass: VACUUM (ANALYZE) what has dead rows, ANALYZE what only changed. Returns what it did. */
export async function maintainTables(db: Db): Promise<DueTables> {
  if (db.kind !== 'pglite') return { vacuum: [], analyze: [] };
  const due = await tablesDue(db);
  // Identifiers come from the catalogue, quoted anyway.
  const quote = (t: string) => `"${t.replaceAll('"', '""')}"`;
  for (const table of due.vacuum) await db.runOutsideTransaction(`VACUUM (ANALYZE) ${quote(table)}`);
  for (const table of due.analyze) await db.runOutsideTransaction(`ANALYZE ${quote(table)}`);
  return due;
}

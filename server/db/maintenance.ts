import type { Db } from './db.js';

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * PGlite has no autovacuum, so dead rows from edits, soft deletes, token rotation and the
 * embedding queue would pile up for ever. This task applies autovacuum's own rule (a table is due
 * when its dead tuples exceed 50 + 20 % of its live ones) and vacuums just the tables that are
 * due, one at a time. PostgreSQL servers run their own autovacuum, so it does nothing there.
 */
export const VACUUM_THRESHOLD = { base: 50, scale: 0.2 } as const;

export async function tablesDueForVacuum(db: Db): Promise<string[]> {
  const rows = await db.asSystem((tx) =>
    tx.query<{ relname: string }>(
      `SELECT relname FROM pg_stat_user_tables
        WHERE schemaname = 'public' AND n_dead_tup > $1::float8 + $2::float8 * n_live_tup
        ORDER BY n_dead_tup DESC`,
      [VACUUM_THRESHOLD.base, VACUUM_THRESHOLD.scale],
    ),
  );
  return rows.map((r) => r.relname);
}

/** One pass: returns the tables it vacuumed. */
export async function vacuumDueTables(db: Db): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  const due = await tablesDueForVacuum(db);
  for (const table of due) {
    // Identifiers come from the catalogue, quoted anyway.
    await db.runOutsideTransaction(`VACUUM (ANALYZE) "${table.replaceAll('"', '""')}"`);
  }
  return due;
}

/** Runs a pass every `intervalMs` (default 10 minutes) until stopped. */
export function startMaintenance(db: Db, log: Log, intervalMs = 10 * 60_000): { stop(): void } {
  if (db.kind !== 'pglite') return { stop() {} };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    vacuumDueTables(db)
      .then((tables) => {
        if (tables.length) log.info({ tables }, 'vacuumed tables with many dead rows');
      })
      .catch((err: unknown) => log.error({ err }, 'database maintenance failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

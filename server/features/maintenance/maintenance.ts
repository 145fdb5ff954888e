import type { Db } from '../../db/db.js';
import { type DueTables, maintainTables } from '../../db/maintenance.js';

type Log = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * One feature's retention: erase its rows that expired before `now`, answer how many (or how many
 * of each kind). Each feature owns its rule (how long, which rows); this module owns only when.
 */
export type Sweep = (now: Date) => Promise<number | Record<string, number>>;

export type MaintenancePass = DueTables & {
  /** Rows erased, by sweep (`oauth.tokens` for a sweep that counts several kinds). */
  erased: Record<string, number>;
};

/**
 * The one maintenance schedule (docs/decisions/0016): every pass runs each feature's retention
 * sweep, then VACUUM/ANALYZE of the embedded database (db/maintenance.ts), and writes one log line
 * with the counts when it did anything. A failing sweep is logged and the others still run: a
 * table that cannot be trimmed today is no reason to keep another one's expired credentials.
 */
export function createMaintenance(deps: { db: Db; log: Log; sweeps: Record<string, Sweep> }) {
  const { db, log, sweeps } = deps;

  async function runOnce(now = new Date()): Promise<MaintenancePass> {
    const erased: Record<string, number> = {};
    for (const [name, sweep] of Object.entries(sweeps)) {
      try {
        const counts = await sweep(now);
        if (typeof counts === 'number') erased[name] = counts;
        else for (const [kind, n] of Object.entries(counts)) erased[`${name}.${kind}`] = n;
      } catch (err) {
        log.error({ err, sweep: name }, 'retention sweep failed');
      }
    }
    const tables = await maintainTables(db);
    const anything =
      Object.values(erased).some((n) => n > 0) || tables.vacuum.length > 0 || tables.analyze.length > 0;
    if (anything)
      log.info({ erased, ...tables }, 'maintenance: erased expired rows, vacuumed/analyzed tables');
    return { erased, ...tables };
  }

  return {
    runOnce,

    /**
     * Runs a pass half a minute after start (a database restored or imported while the server was
     * down gets statistics promptly), then every `intervalMs` (default 10 minutes) until stopped.
     * A pass still running when the next is due is not doubled.
     */
    start(intervalMs = 10 * 60_000, firstRunMs = 30_000): { stop(): void } {
      let running = false;
      const pass = () => {
        if (running) return;
        running = true;
        runOnce()
          .catch((err: unknown) => log.error({ err }, 'database maintenance failed'))
          .finally(() => {
            running = false;
          });
      };
      const first = setTimeout(pass, firstRunMs);
      const timer = setInterval(pass, intervalMs);
      first.unref();
      timer.unref();
      return {
        stop: () => {
          clearTimeout(first);
          clearInterval(timer);
        },
      };
    },
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;

// What every bench shares: its command-line options, latency percentiles, and the database it
// measures (embedded PGlite in a throwaway directory, or TEST_DATABASE_URL's PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../server/db/db.js';
import { migrate } from '../server/db/migrate.js';
import { openPglite } from '../server/db/pglite.js';
import { openTestDatabase } from '../server/test-support/test-db.js';

/** Progress and notes go to stderr, so stdout's last line stays the one JSON result. */
export const log = (msg: string) => process.stderr.write(`${msg}\n`);

/** The value after `--name`, or the fallback. */
export function option(args: string[], name: string): string | undefined;
export function option(args: string[], name: string, fallback: string): string;
export function option(args: string[], name: string, fallback?: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

export type Percentiles = { p50: number; p95: number; p99: number; n: number };

/** Nearest-rank percentiles in milliseconds, to two decimals. */
export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  const round = (v: number) => Math.round(v * 100) / 100;
  return { p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), n: sorted.length };
}

/** A migrated database to measure, and how to throw it away. */
export async function openBenchDatabase(): Promise<{ db: Db; engine: string; close(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const { db, close } = await openTestDatabase();
    return { db, engine: 'postgresql', close };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'cairn-bench-'));
  const db = await openPglite(path.join(dir, 'pglite'));
  await migrate(db);
  return {
    db,
    engine: 'pglite (on disk)',
    async close() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

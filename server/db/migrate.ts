import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;
// Any constant: makes concurrent starts against one PostgreSQL apply migrations one at a time.
const ADVISORY_LOCK_ID = 0x0ca1a;

export type MigrationFile = { id: string; sql: string };

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    if (!FILE_NAME.test(name)) throw new Error(`Migration file name must look like 0001_name.sql: ${name}`);
    files.push({ id: name.replace(/\.sql$/, ''), sql: await readFile(`${dir}${name}`, 'utf8') });
  }
  return files;
}

/** Applies every migration not yet recorded, in order, in one transaction. Returns the ids applied. */
export async function migrate(db: Db, files?: MigrationFile[]): Promise<string[]> {
  const migrations = files ?? (await readMigrations());
  return db.asSystem(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCK_ID]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      try {
        await tx.exec(m.sql);
      } catch (err) {
        throw new Error(`Migration ${m.id} failed: ${(err as Error).message}`);
      }
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}

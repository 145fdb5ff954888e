import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../db/db.js';
import { migrate, readMigrations } from '../db/migrate.js';
import { dumpPglite, openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';

/**
 * A fresh, migrated database for one test file or app: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server (scripts/postgres/with-server.mjs sets it) — a
 * new database on that server, dropped afterwards. The same tests thus prove both engines.
 *
 * Both engines start from a template migrated once (docs/decisions/0014-test-databases.md):
 * booting an empty PGlite cluster and running every migration cost ~6 s of CPU per database,
 * loading a migrated data directory ~1.5 s.
 */
export async function openTestDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite(undefined, { loadDataDir: await pgliteTemplate() });
    return { db, close: () => db.close() };
  }
  const name = `cairn_test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(url);
  await admin(url, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const db = await openPostgres(databaseUrl(url, name));
  return {
    db,
    async close() {
      await db.close();
      await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * What the template depends on: every migration's name and text, and the engine versions that
 * wrote the data directory. node_modules/.cache is shared by worktrees with different migrations,
 * so the key is the content, never a branch or a timestamp.
 */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const m of await readMigrations()) hash.update(`${m.id}\0${m.sql}\0`);
  for (const pkg of ['@electric-sql/pglite', '@electric-sql/pglite-pgvector']) {
    hash.update(`${pkg}@${(await packageJson(pkg)).version}\0`);
  }
  return hash.digest('hex').slice(0, 24);
}

let pgliteTemplatePromise: Promise<Uint8Array> | undefined;

/**
 * The migrated PGlite data directory, read once per process from the on-disk cache (or built), in
 * shared memory: every test database's thread reads the same bytes instead of a copy of its own.
 */
export function pgliteTemplate(): Promise<Uint8Array> {
  pgliteTemplatePromise ??= loadOrBuildPgliteTemplate().catch((err: unknown) => {
    pgliteTemplatePromise = undefined;
    throw err;
  });
  return pgliteTemplatePromise;
}

async function loadOrBuildPgliteTemplate(): Promise<Uint8Array> {
  const file = path.join(await cacheRoot(), await templateKey(), 'template.tar');
  try {
    return shared(await readFile(file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const dump = await dumpPglite((db) => migrate(db));
  // Two vitest workers (or two worktrees) may build at once: each writes its own temporary file
  // and renames it into place, so a reader never sees half a tarball and the last rename wins.
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, dump);
  await rename(tmp, file);
  return shared(dump);
}

function shared(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}

/** node_modules/.cache/cairn-test-db, next to the PGlite the template was written by. */
async function cacheRoot(): Promise<string> {
  const override = process.env.CAIRN_TEST_DB_CACHE;
  if (override) return override;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const nodeModules = entry.slice(0, entry.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 13);
  return path.join(nodeModules, '.cache', 'cairn-test-db');
}

async function packageJson(name: string): Promise<{ version: string }> {
  const entry = createRequire(import.meta.url).resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const dir = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  return JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { version: string };
}

// Any constant: one worker builds the PostgreSQL template while the others wait for it.
const TEMPLATE_LOCK_ID = 0x0ca1b;
const postgresTemplates = new Map<string, Promise<string>>();

/**
 * A migrated database on the server to `CREATE DATABASE … TEMPLATE` from, named by the migration
 * key so a server that outlives one run still never hands out a stale schema.
 */
function postgresTemplate(url: string): Promise<string> {
  let ready = postgresTemplates.get(url);
  if (!ready) {
    ready = buildPostgresTemplate(url).catch((err: unknown) => {
      postgresTemplates.delete(url);
      throw err;
    });
    postgresTemplates.set(url, ready);
  }
  return ready;
}

async function buildPostgresTemplate(url: string): Promise<string> {
  const name = `cairn_template_${await templateKey()}`;
  await admin(url, async (client) => {
    // Roles are cluster-wide: create the app role once, tolerating a parallel worker's race.
    const tolerateRace = (err: { code?: string }) => {
      if (err.code !== '42710' && err.code !== '23505') throw err;
    };
    await client.query('CREATE ROLE cairn_app NOLOGIN NOBYPASSRLS').catch(tolerateRace);
    // Migration 0001 grants the role to the owner; two workers doing that at once collide on the
    // cluster-wide membership row, so the grant happens here, once, and 0001's becomes a no-op.
    await client.query('GRANT cairn_app TO CURRENT_USER').catch(tolerateRace);
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      // Built under another name and renamed when complete, so a crash mid-way leaves no template
      // that looks ready.
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const db = await openPostgres(databaseUrl(url, building));
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
  return name;
}

function databaseUrl(url: string, name: string): string {
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return dbUrl.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Real: the app and its routes, the embedded database (PGlite) written to through the API while a
// backup is taken, the archive on disk, restore into a fresh data directory and the database it
// opens. Faked: the embedding model (feature hashing). On PostgreSQL (TEST_DATABASE_URL) Cairn
// does not back the database up itself (pg_dump does): that run checks it says so.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { openDatabase } from '../../db/open.js';
import { openPostgres } from '../../db/postgres.js';
import { createTestApp, type TestApiKey, type TestApp } from '../../test-support/test-app.js';
import { restoreBackup } from './restore.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const scratch = mkdtempSync(path.join(tmpdir(), 'cairn-backups-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every row of every table, as text, in a stable order. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  return db.asSystem(async (tx) => {
    const tables = await tx.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = await tx.query<{ r: string }>(`SELECT to_jsonb(x)::text AS r FROM "${name}" x ORDER BY 1`);
      out[name] = rows.map((row) => row.r);
    }
    return out;
  });
}

async function openRestored(dataDir: string) {
  return openDatabase({ dataDir, databaseUrl: undefined, pgliteSharedBuffersMb: undefined });
}

describe.skipIf(onPostgres)('scheduled backups', () => {
  it('run on their own every interval, keep BACKUP_KEEP, and stop with the server', async () => {
    const dir = path.join(scratch, 'scheduled');
    // 0.0004 h: a backup every 1.44 s.
    const t = await createTestApp({
      BACKUP_DIR: dir,
      BACKUP_INTERVAL_HOURS: '0.0004',
      BACKUP_KEEP: '2',
      SECRET_KEY: 's'.repeat(40),
    });
    const schedule = t.app.services.backups.start({ firstDelayMs: 0 });
    try {
      const deadline = Date.now() + 60_000;
      while ((await t.app.services.backups.list()).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 3_000));
      const names = readdirSync(dir);
      expect(names.filter((n) => n.endsWith('.tar.gz'))).toHaveLength(2);
      expect(names.filter((n) => n.endsWith('.partial')).length).toBeLessThanOrEqual(1);
    } finally {
      schedule.stop();
      await t.close();
    }
    const off = await createTestApp({ BACKUP_DIR: path.join(scratch, 'off'), BACKUP_INTERVAL_HOURS: '0' });
    try {
      const alice = await off.signUp();
      off.app.services.backups.start({ firstDelayMs: 0 }).stop();
      expect((await off.as(alice).get('/api/backups/status')).json).toMatchObject({
        state: 'off',
        latest: null,
      });
    } finally {
      await off.close();
    }
  }, 120_000);
});

describe.skipIf(onPostgres)('backups of the embedded database', () => {
  let t: TestApp;
  let key: TestApiKey;

  beforeAll(async () => {
    t = await createTestApp({ BACKUP_DIR: path.join(scratch, 'backups'), BACKUP_KEEP: '2' });
    writeFileSync(path.join(t.config.dataDir, 'secret.key'), 'k'.repeat(64), { mode: 0o600 });
    const alice = await t.signUp();
    key = await t.apiKey(alice);
    await t.oauthToken(alice, { scopes: ['read:traces'] });
    for (let i = 0; i < 20; i++) await t.trace(key, { content: `Before the backup ${i}`, tags: ['seed'] });
    await t.app.services.embeddingWorker.drain(); // vectors, and jobs left for the next ones
  }, 120_000);
  afterAll(async () => t?.close());

  it('backs up a server under writes into a consistent archive that restores every row', async () => {
    let writing = true;
    const acked: number[][] = [[], [], []];
    const writers = acked.map(async (done, w) => {
      for (let i = 0; writing; i++) {
        const res = await t
          .as(key)
          .post('/api/traces', { content: `Writer ${w} note ${i}`, tags: [`w${w}`] });
        expect(res.status).toBe(201);
        done.push(i);
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    const ackedBefore = acked.map((d) => d.length);
    const made = await t.app.services.backups.backupNow();
    writing = false;
    await Promise.all(writers);

    expect(path.basename(made.file)).toMatch(/^cairn-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(statSync(made.file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(made.file)).mode & 0o777).toBe(0o700);

    const dataDir = path.join(scratch, 'restored-under-writes');
    const restored = await restoreBackup({ file: made.file, dataDir });
    expect(restored.manifest).toMatchObject({ engine: 'pglite', secret_key: 'included' });
    expect(statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    const { db, lock } = await openRestored(dataDir);
    try {
      const [copy, source] = [await everyRow(db), await everyRow(t.db)];
      // A snapshot between two transactions: each writer's notes are a gap-free prefix of what
      // it wrote, holding at least everything acknowledged before the backup began.
      const contents = (
        await db.asSystem((tx) => tx.query<{ content: string }>('SELECT content FROM traces'))
      ).map((r) => r.content);
      acked.forEach((_, w) => {
        const mine = contents
          .filter((c) => c.startsWith(`Writer ${w} `))
          .map((c) => Number(c.split(' ').at(-1)));
        mine.sort((a, b) => a - b);
        expect(mine).toEqual(mine.map((_, i) => i));
        expect(mine.length).toBeGreaterThanOrEqual(ackedBefore[w]!);
      });
      // Rows that nothing changed after they were written are there exactly as in the source (an
      // API key's last use is rewritten once a minute, so keys are compared by id there).
      for (const table of ['users', 'oauth_clients']) expect(copy[table], table).toEqual(source[table]);
      const ids = (rows: string[] | undefined) => rows?.map((r) => (JSON.parse(r) as { id: string }).id);
      expect(ids(copy.api_keys)).toEqual(ids(source.api_keys));
      for (const table of ['traces', 'trace_embeddings', 'embedding_jobs'])
        expect(copy[table]!.length, table).toBeGreaterThan(0);
    } finally {
      await db.close();
      lock?.release();
    }
  }, 300_000);

  it('restores, table by table, every row of a quiet server; keeps BACKUP_KEEP archives', async () => {
    await t.app.services.backups.backupNow();
    await new Promise((r) => setTimeout(r, 1_100)); // a new second, a new name
    const made = await t.app.services.backups.backupNow();
    expect(readdirSync(path.dirname(made.file)).filter((n) => n.endsWith('.tar.gz'))).toHaveLength(2);

    const dataDir = path.join(scratch, 'restored-quiet');
    await restoreBackup({ file: made.file, dataDir });
    const { db, lock } = await openRestored(dataDir);
    try {
      const [copy, source] = [await everyRow(db), await everyRow(t.db)];
      expect(Object.keys(copy)).toEqual(Object.keys(source));
      for (const table of Object.keys(source)) expect(copy[table], table).toEqual(source[table]);
      for (const table of ['traces', 'trace_embeddings', 'api_keys', 'oauth_clients', 'embedding_jobs'])
        expect(source[table]!.length, table).toBeGreaterThan(0);
    } finally {
      await db.close();
      lock?.release();
    }

    const status = await t.as(key).get('/api/backups/status');
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      state: 'on',
      interval_hours: 24,
      keep: 2,
      latest: { created_at: made.createdAt.toISOString().replace(/\.\d+Z$/, '.000Z'), bytes: made.bytes },
      last_error: null,
    });
    expect((await t.as(null).get('/api/backups/status')).status).toBe(401);
    const doc = (await t.as(null).get('/api/openapi.json')).json as unknown as {
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    };
    expect(JSON.stringify(doc.paths['/api/backups/status']?.get?.responses?.['200'])).toContain(
      'BackupStatus',
    );
  }, 300_000);

  it('refuses a non-empty data directory and leaves it as it was', async () => {
    const [made] = await t.app.services.backups.list();
    const occupied = mkdtempSync(path.join(scratch, 'occ-'));
    writeFileSync(path.join(occupied, 'keep-me'), 'mine');
    await expect(restoreBackup({ file: made!.file, dataDir: occupied })).rejects.toMatchObject({
      code: 'data_dir_not_empty',
    });
    expect(readdirSync(occupied)).toEqual(['keep-me']);
  });
});

/** pg_dump and pg_restore as the README says, against the test server (TEST_DATABASE_URL). */
function pgTool(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { maxBuffer: 16 * 1024 * 1024 }, (err, _out, stderr) =>
      err ? reject(new Error(`${tool} failed: ${stderr || err.message}`)) : resolve(),
    );
  });
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.runIf(onPostgres)('backups on PostgreSQL', () => {
  it('leaves them to pg_dump and says so', async () => {
    const t = await createTestApp();
    try {
      const alice = await t.signUp();
      await expect(t.app.services.backups.backupNow()).rejects.toMatchObject({ code: 'backup_unsupported' });
      expect((await t.as(alice).get('/api/backups/status')).json).toMatchObject({
        state: 'postgres',
        latest: null,
      });
    } finally {
      await t.close();
    }
  });

  it('the README pg_dump and pg_restore, under writes, restore a consistent copy of every row', async () => {
    const t = await createTestApp();
    const restoredName = `cairn_restored_${Date.now().toString(36)}`;
    const admin = await openPostgres(process.env.TEST_DATABASE_URL!);
    let restored: Db | undefined;
    try {
      const alice = await t.signUp();
      const key = await t.apiKey(alice);
      await t.oauthToken(alice, { scopes: ['read:traces'] });
      for (let i = 0; i < 10; i++) await t.trace(key, { content: `Before the dump ${i}`, tags: ['seed'] });
      await t.app.services.embeddingWorker.drain();
      const [{ name } = { name: '' }] = await t.db.asSystem((tx) =>
        tx.query<{ name: string }>('SELECT current_database() AS name'),
      );
      const dump = path.join(scratch, 'cairn.dump');
      let writing = true;
      const writers = [0, 1].map(async (w) => {
        for (let i = 0; writing; i++)
          expect((await t.as(key).post('/api/traces', { content: `Writer ${w} note ${i}` })).status).toBe(
            201,
          );
      });
      await new Promise((r) => setTimeout(r, 300));
      await pgTool('pg_dump', ['--format=custom', `--file=${dump}`, databaseUrl(name)]);
      writing = false;
      await Promise.all(writers);

      await admin.runOutsideTransaction(`CREATE DATABASE ${restoredName}`);
      await pgTool('pg_restore', ['--no-owner', `--dbname=${databaseUrl(restoredName)}`, dump]);
      restored = await openPostgres(databaseUrl(restoredName));
      const copy = await everyRow(restored);
      const source = await everyRow(t.db);
      const contents = copy.traces!.map((r) => (JSON.parse(r) as { content: string }).content);
      for (const w of [0, 1]) {
        const mine = contents
          .filter((c) => c.startsWith(`Writer ${w} `))
          .map((c) => Number(c.split(' ').at(-1)))
          .sort((a, b) => a - b);
        expect(mine).toEqual(mine.map((_, i) => i));
      }
      expect(Object.keys(copy)).toEqual(Object.keys(source));
      for (const table of ['users', 'oauth_clients']) expect(copy[table], table).toEqual(source[table]);
      for (const table of ['traces', 'trace_embeddings', 'api_keys', 'oauth_clients'])
        expect(copy[table]!.length, table).toBeGreaterThan(0);
      // Row-level security came back with the rows: a user-scoped transaction sees only its own.
      const seen = await restored.asUser('00000000-0000-4000-8000-000000000000', (tx) =>
        tx.query('SELECT id FROM traces'),
      );
      expect(seen).toEqual([]);
    } finally {
      await restored?.close();
      await admin
        .runOutsideTransaction(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`)
        .catch(() => {});
      await admin.close();
      await t.close();
    }
  }, 300_000);
});

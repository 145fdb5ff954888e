import { chmod, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { BACKUP_FILE, backupFileName, backupFileTime, SECRET_KEY_NAME } from './archive-format.js';
import { writeBackupArchive } from './archive-write.js';

type Log = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type BackupFile = { file: string; createdAt: Date; bytes: number };

/** Backups in `dir`, newest first (their names sort by time); none when it does not exist. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const files: BackupFile[] = [];
  for (const name of names
    .filter((n) => BACKUP_FILE.test(n))
    .sort()
    .reverse()) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (info?.isFile())
      files.push({ file: path.join(dir, name), createdAt: backupFileTime(name)!, bytes: info.size });
  }
  return files;
}

/** What the Settings page shows: whether backups run here, and the latest one. */
export type BackupState = 'on' | 'off' | 'postgres';

/** The first scheduled backup waits this long after start, so start-up is not slowed by it. */
export const FIRST_BACKUP_DELAY_MS = 60_000;
// setTimeout holds at most 2^31-1 ms (24.8 days); a longer wait is taken in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Backups of the embedded database (docs/decisions/0031-backups.md). PGlite's own dump of its data
 * directory is taken on the database thread between two transactions (`db.dump()`), so it is a
 * consistent copy of every table while the server runs and takes writes; the event loop only
 * streams it through gzip (libuv's threads) to a file. One backup at a time.
 */
export function createBackupsService(deps: { config: Config; db: Db; log: Log }) {
  const { config, db, log } = deps;
  const { dir, intervalHours, keep } = config.backup;
  const state: BackupState = db.kind === 'postgres' ? 'postgres' : intervalHours > 0 ? 'on' : 'off';
  let running: Promise<BackupFile> | undefined;
  let lastError: string | null = null;

  async function take(out: string | undefined): Promise<BackupFile> {
    if (db.kind !== 'pglite' || !db.dump)
      throw new AppError(
        409,
        'backup_unsupported',
        'With DATABASE_URL, back PostgreSQL up with its own tools (pg_dump; see Backups in the README).',
      );
    const createdAt = new Date();
    const file = out ? path.resolve(out) : path.join(dir, backupFileName(createdAt));
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    if (!out) {
      // The archives hold every memory and the signing key: the directory is the owner's only.
      await chmod(dir, 0o700);
      await removePartials();
    }
    const migrations = await db.asSystem((tx) =>
      tx.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id'),
    );
    const secretKey = config.secretKey
      ? undefined
      : new Uint8Array(await readFile(path.join(config.dataDir, SECRET_KEY_NAME)));
    const pgliteDump = await db.dump();
    const { bytes } = await writeBackupArchive({
      file,
      manifest: {
        cairn: config.version,
        created_at: createdAt.toISOString(),
        engine: 'pglite',
        migrations: migrations.map((m) => m.id),
        secret_key: secretKey ? 'included' : 'SECRET_KEY',
      },
      secretKey,
      pgliteDump,
    });
    if (!out) await prune();
    return { file, createdAt, bytes };
  }

  /** A crash mid-write leaves a hidden `.partial`; none is ours while no backup runs. */
  async function removePartials(): Promise<void> {
    for (const name of await readdir(dir))
      if (name.startsWith('.cairn-backup-') && name.endsWith('.partial'))
        await rm(path.join(dir, name), { force: true });
  }

  const list = () => listBackups(dir);

  async function prune(): Promise<void> {
    for (const old of (await list()).slice(keep)) await rm(old.file, { force: true });
  }

  const service = {
    state,
    dir,
    intervalHours,
    list,

    /**
     * One backup now: into BACKUP_DIR (old ones beyond BACKUP_KEEP deleted), or to `out`. A backup
     * asked for while one runs shares it when both go to BACKUP_DIR.
     */
    backupNow(opts: { out?: string } = {}): Promise<BackupFile> {
      if (running && !opts.out) return running;
      const run = (async () => {
        await running?.catch(() => {});
        return take(opts.out);
      })();
      if (!opts.out) {
        running = run;
        void run
          .then(
            () => {
              lastError = null;
            },
            (err: unknown) => {
              lastError = err instanceof Error ? err.message : String(err);
            },
          )
          .finally(() => {
            if (running === run) running = undefined;
          });
      }
      return run;
    },

    /** The Settings → Data line. Any signed-in caller may read it: it names no file or path. */
    async status(_principal: Principal) {
      const latest = state === 'postgres' ? undefined : (await list())[0];
      return {
        state,
        interval_hours: intervalHours,
        keep,
        latest: latest ? { created_at: latest.createdAt.toISOString(), bytes: latest.bytes } : null,
        last_error: lastError,
      };
    },

    /**
     * The schedule: the first backup once the latest one is an interval old (at least a minute
     * after start), then every interval. Off on PostgreSQL and with BACKUP_INTERVAL_HOURS=0.
     */
    start(opts: { firstDelayMs?: number } = {}): { stop(): void } {
      if (state !== 'on') return { stop() {} };
      const intervalMs = intervalHours * 3_600_000;
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      const schedule = (dueAt: number) => {
        if (stopped) return;
        const wait = Math.min(MAX_TIMER_MS, Math.max(0, dueAt - Date.now()));
        timer = setTimeout(() => (Date.now() >= dueAt ? void run() : schedule(dueAt)), wait);
        timer.unref();
      };
      const run = async () => {
        try {
          const made = await service.backupNow();
          log.info({ file: made.file, bytes: made.bytes }, 'backup written');
        } catch (err) {
          log.error({ err }, 'backup failed; the next one is due in one interval');
        }
        schedule(Date.now() + intervalMs);
      };
      void list()
        .then((files) => files[0]?.createdAt.getTime() ?? 0)
        .catch(() => 0)
        .then((latest) =>
          schedule(Math.max(Date.now() + (opts.firstDelayMs ?? FIRST_BACKUP_DELAY_MS), latest + intervalMs)),
        );
      return {
        stop() {
          stopped = true;
          clearTimeout(timer);
        },
      };
    },
  };
  return service;
}

export type BackupsService = ReturnType<typeof createBackupsService>;

import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../../db/open.js';
import { AppError } from '../../http/errors.js';
import { type BackupManifest, SECRET_KEY_NAME } from './archive-format.js';
import { BackupArchiveError, extractBackupArchive } from './archive-read.js';

export type RestoreResult = { manifest: BackupManifest; traces: number; applied: string[] };

/**
 * Restores a backup archive into `dataDir`, which must be empty or not exist: a restore never
 * mixes with, or replaces, a data directory that holds anything. The archive is unpacked into a
 * private directory inside it, opened there (taking the data-directory lock, applying any newer
 * migrations, counting the traces) and only then renamed into place. Any failure removes that
 * directory (and `dataDir` when restore made it), so `dataDir` is exactly as it was.
 */
export async function restoreBackup(opts: { file: string; dataDir: string }): Promise<RestoreResult> {
  const dataDir = path.resolve(opts.dataDir);
  const existing = await readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  if (existing.length > 0)
    throw new AppError(
      409,
      'data_dir_not_empty',
      `The data directory ${dataDir} is not empty (${existing.length} entries). Restore only into an ` +
        'empty or new directory: move this one aside (or set DATA_DIR to a new path) and run restore again.',
    );
  // Unpacked inside DATA_DIR itself, so the final moves stay on its file system (a Docker volume
  // is a mount point: it can be neither replaced nor renamed onto).
  const created = existing.length === 0 && !(await exists(dataDir));
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const staging = path.join(dataDir, `.restoring-${randomBytes(4).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  try {
    const manifest = await extractBackupArchive(opts.file, staging).catch((err: unknown) => {
      if (err instanceof BackupArchiveError) throw new AppError(400, 'invalid_backup', err.message);
      throw err;
    });
    if (manifest.secret_key === 'included' && !(await readdir(staging)).includes(SECRET_KEY_NAME))
      throw new AppError(400, 'invalid_backup', 'The backup says it holds secret.key, and does not');
    // Opened as the server opens it: proves the cluster starts, and brings an older backup's
    // schema up to this version's migrations.
    const { db, lock, applied } = await openDatabase({
      dataDir: staging,
      databaseUrl: undefined,
      pgliteSharedBuffersMb: undefined,
    });
    let traces: number;
    try {
      const rows = await db.asSystem((tx) =>
        tx.query<{ n: number }>('SELECT count(*)::int AS n FROM traces'),
      );
      traces = rows[0]?.n ?? 0;
    } finally {
      await db.close();
      lock?.release();
    }
    for (const name of await readdir(staging))
      await rename(path.join(staging, name), path.join(dataDir, name));
    await rmdir(staging);
    return { manifest, traces, applied };
  } catch (err) {
    await rm(created ? dataDir : staging, { recursive: true, force: true });
    throw err;
  }
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

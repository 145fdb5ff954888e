import { loadConfig } from '../config.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { listBackups } from '../features/backups/backups.service.js';
import { restoreBackup } from '../features/backups/restore.js';
import { AppError } from '../http/errors.js';
import type { CliContext } from './context.js';
import { CliUsageError, commandArgs } from './io.js';

export const BACKUP_USAGE = `Usage:
  npm run cairn -- backup [--out FILE]
  npm run cairn -- restore FILE

backup writes one archive of the embedded database and its secret key (mode 0600) into
BACKUP_DIR, or to FILE. With the server running it does not: the server holds the data directory
and backs itself up every BACKUP_INTERVAL_HOURS into BACKUP_DIR. restore unpacks an archive into
DATA_DIR, which must be empty or not exist. With DATABASE_URL, use pg_dump and pg_restore.`;

/** `cairn backup [--out FILE]`, with the server stopped. */
export async function runBackupCommand(
  argv: string[],
  ctx: () => Promise<CliContext>,
  out: (line: string) => void,
): Promise<void> {
  const { values, help } = commandArgs(argv, { out: { type: 'string' } }, BACKUP_USAGE);
  if (help) return out(BACKUP_USAGE);
  const config = loadConfig();
  if (config.databaseUrl)
    throw new AppError(
      409,
      'backup_unsupported',
      'With DATABASE_URL, back PostgreSQL up with pg_dump (see Backups in the README).',
    );
  let context: CliContext;
  try {
    context = await ctx();
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    const [latest] = await listBackups(config.backup.dir);
    const schedule =
      config.backup.intervalHours > 0
        ? `It backs itself up every ${config.backup.intervalHours} h into ${config.backup.dir}`
        : 'Its scheduled backups are off (BACKUP_INTERVAL_HOURS=0)';
    throw new AppError(
      409,
      'server_running',
      `The server is running on ${config.dataDir} (pid ${err.pid} on ${err.host}), and the embedded ` +
        `database admits one process. ${schedule}; latest: ${latest ? `${latest.file}, ${latest.createdAt.toISOString()}` : 'none yet'}. ` +
        'To take a backup now, stop the server and run this again.',
    );
  }
  const made = await context.services.backups.backupNow(values.out ? { out: values.out } : {});
  out(
    `Backed up to ${made.file} (${formatBytes(made.bytes)}). It holds the secret key: keep it as private as DATA_DIR.`,
  );
}

/** `cairn restore FILE`, into an empty DATA_DIR. */
export async function runRestoreCommand(
  argv: string[],
  _ctx: unknown,
  out: (line: string) => void,
): Promise<void> {
  const { positionals, help } = commandArgs(argv, {}, BACKUP_USAGE, { positionals: true });
  if (help) return out(BACKUP_USAGE);
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new CliUsageError(`restore needs one FILE\n\n${BACKUP_USAGE}`);
  const config = loadConfig();
  if (config.databaseUrl)
    throw new AppError(
      409,
      'restore_unsupported',
      'restore writes the embedded database in DATA_DIR; with DATABASE_URL, use pg_restore (see Backups in the README).',
    );
  const { manifest, traces, applied } = await restoreBackup({ file, dataDir: config.dataDir });
  out(
    `Restored ${traces} trace(s) from ${file} (taken ${manifest.created_at} by Cairn ${manifest.cairn}) into ${config.dataDir}.`,
  );
  if (applied.length) out(`Applied ${applied.length} newer migration(s).`);
  out(
    manifest.secret_key === 'included'
      ? 'The secret key came with it: API keys, OAuth tokens and sign-ins made before the backup still work.'
      : 'The backup was made with SECRET_KEY set: start the server with the same SECRET_KEY, or API keys and sign-ins stop working.',
  );
}

function formatBytes(n: number): string {
  return n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

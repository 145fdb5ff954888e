import { ConfigError } from '../config.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { AppError } from '../http/errors.js';
import { type CliContext, openCliContext } from './context.js';
import { CliUsageError } from './io.js';
import { BACKUP_USAGE, runBackupCommand, runRestoreCommand } from './backup.command.js';
import { DOCTOR_USAGE, runDoctorCommand } from './doctor.command.js';
import { IMPORT_USAGE, runImportCommand } from './import.command.js';
import { REINDEX_USAGE, runReindexCommand } from './reindex.command.js';
import { runUserCommand, USER_USAGE } from './user.command.js';

const USAGE = `Cairn command line (uses the same configuration as the server: DATA_DIR, DATABASE_URL, …)

${USER_USAGE}

${REINDEX_USAGE}

${IMPORT_USAGE}

${BACKUP_USAGE}

${DOCTOR_USAGE}

With the embedded database, stop the server first: two processes must never open one data directory.`;

type Command = (argv: string[], ctx: () => Promise<CliContext>, out: (line: string) => void) => Promise<void>;

/** Every sub-command, by its first word. */
const COMMANDS: Record<string, Command> = {
  user: runUserCommand,
  reindex: runReindexCommand,
  import: runImportCommand,
  backup: runBackupCommand,
  restore: runRestoreCommand,
  doctor: runDoctorCommand,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return name ? 0 : 64;
  }
  const command = COMMANDS[name];
  if (!command) throw new CliUsageError(`Unknown command: ${name}\n\n${USAGE}`);
  // The database opens only once a command has validated its arguments and needs it.
  let opened: ReturnType<typeof openCliContext> | undefined;
  const ctx = () => (opened ??= openCliContext());
  try {
    await command(rest, ctx, (line) => process.stdout.write(`${line}\n`));
  } finally {
    if (opened) await (await opened.catch(() => undefined))?.close();
  }
  // A command that reports a problem without throwing (doctor, reindex) sets the code itself.
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof CliUsageError) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = 64;
    } else if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof AppError) {
      process.stderr.write(`cairn: ${err.message}\n`);
      process.exitCode = err instanceof AppError ? 1 : 2;
    } else {
      process.stderr.write(`cairn: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    }
  },
);

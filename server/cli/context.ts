import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/db.js';
import { openDatabase } from '../db/open.js';
import { loadSecrets } from '../security/secrets.js';
import { createServices, type Services } from '../services.js';

/** What a CLI command gets: the same configuration, database and services the server uses. */
export type CliContext = { config: Config; db: Db; services: Services; log: FastifyBaseLogger };

/** Warnings and errors to stderr; the CLI's own output stays on stdout. */
function stderrLogger(): FastifyBaseLogger {
  const write =
    (level: string) =>
    (...args: unknown[]) => {
      const msg = args.find((a) => typeof a === 'string') ?? '';
      process.stderr.write(`cairn: ${level}: ${String(msg)}\n`);
    };
  const noop = () => {};
  const logger = {
    level: 'warn',
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

/**
 * Opens the database exactly as the server does (same lock, same migrations). With the embedded
 * database this refuses while the server is running: two processes on one PGlite directory
 * would lose data, so the CLI says so instead.
 */
export async function openCliContext(): Promise<CliContext & { close(): Promise<void> }> {
  const config = loadConfig();
  const log = stderrLogger();
  const { db, lock } = await openDatabase(config);
  const close = async () => {
    await db.close();
    lock?.release();
  };
  try {
    const secrets = loadSecrets({ secretKey: config.secretKey, dataDir: config.dataDir });
    const services = createServices({ config, db, secrets, log });
    return { config, db, services, log, close };
  } catch (err) {
    await close();
    throw err;
  }
}

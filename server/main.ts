import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { openDatabase } from './db/open.js';
import { loadSecrets } from './security/secrets.js';
import { SHUTDOWN_TIMEOUT_MS, shutDown } from './shutdown.js';

/** Starts the server: config → database (locked, migrated) → app → listen; stops cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { db, lock } = await openDatabase(config);
  const secrets = loadSecrets({ secretKey: config.secretKey, dataDir: config.dataDir });
  const app = await buildApp({ config, db, secrets });
  const maintenance = app.services.maintenance.start();
  // Scheduled backups of the embedded database (ADR 0031); off with BACKUP_INTERVAL_HOURS=0.
  const backups = app.services.backups.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    let code = 0;
    try {
      const finished = await shutDown({
        drain: async () => {
          maintenance.stop();
          backups.stop();
          await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks
        },
        cut: () => app.server.closeAllConnections(),
        closeDb: () => db.close(),
        release: () => lock?.release(),
      });
      if (!finished) {
        app.log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown: stopped waiting for work still running');
        code = 1;
      }
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Embeddings of new and edited traces, and of any trace without a vector of the current model
  // (a changed EMBEDDINGS_* setting re-embeds everything in the background). app.close() stops it.
  app.services.embeddingWorker.start();
  // Import jobs a crash or restart interrupted go on where they stopped.
  app.services.importRunner.start();
  // Traces stored without a title by earlier versions get one drawn from their content (ADR 0028).
  void app.services.traces
    .backfillTitles()
    .then((n) => n && app.log.info({ traces: n }, 'titled traces that had no title'))
    .catch((err: unknown) =>
      app.log.error({ err }, 'could not title untitled traces; the next start tries again'),
    );
  const needsSetup = await app.services.users.needsSetup();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir} (embedded PGlite)`;
  const lines = [
    '',
    `  Cairn ${config.version} is running at ${config.publicUrl}`,
    `  Data: ${where}`,
    needsSetup
      ? `  First run: open ${config.publicUrl}/login to create your owner account (or, with the server stopped: npm run cairn -- user create --email you@example.com, which asks for the password)`
      : `  Sign in at ${config.publicUrl}/login, then create an API key at ${config.publicUrl}/app/settings/api-keys`,
    `  MCP endpoint: ${config.publicUrl}/mcp    API docs: ${config.publicUrl}/api/docs`,
    app.services.backups.state === 'on'
      ? `  Backups: every ${config.backup.intervalHours} h into ${config.backup.dir} (npm run cairn -- restore FILE, with the server stopped)`
      : app.services.backups.state === 'off'
        ? '  Backups: off (BACKUP_INTERVAL_HOURS=0)'
        : '  Backups: back PostgreSQL up with pg_dump',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    process.stderr.write(`cairn: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `cairn: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});

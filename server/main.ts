import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { openDatabase } from './db/open.js';
import { loadSecrets } from './security/secrets.js';

/** Starts the server: config → database (locked, migrated) → app → listen; stops cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { db, lock } = await openDatabase(config);
  const secrets = loadSecrets({ secretKey: config.secretKey, dataDir: config.dataDir });
  const app = await buildApp({ config, db, secrets });
  const maintenance = app.services.maintenance.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      maintenance.stop();
      await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks
      await db.close();
    } finally {
      lock?.release();
    }
    process.exit(0);
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

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test-support/free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type RunningServer = {
  url: string;
  dataDir: string;
  /** What the process printed so far (its start banner, warnings). */
  output(): string;
  stop(): Promise<void>;
};

/**
 * Starts the built server (`dist/server/main.js`, what `npm start` runs) on 127.0.0.1 with its own
 * fresh embedded database, and stops exactly that process (by its PID) afterwards.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-e2e-'));
  // `npm test` runs the built server on Node 24 LTS (CAIRN_SERVER_NODE, ADR 0032), what people run.
  const child: ChildProcess = spawn(
    process.env.CAIRN_SERVER_NODE ?? process.execPath,
    ['dist/server/main.js'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        // Scheduled backups stay on, as people run it, inside the directory removed afterwards.
        BACKUP_DIR: path.join(dataDir, 'backups'),
        LOG_LEVEL: 'warn',
        // Every e2e test registers its own account from 127.0.0.1: far more than a household's 5 an hour.
        REGISTRATIONS_PER_HOUR: '100000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // Two cores shared by many processes can take a minute to start the server and load its model.
  const deadline = Date.now() + 170_000;
  while (!output.includes('is running at')) {
    if (child.exitCode !== null) throw new Error(`Cairn exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Cairn did not start within 170 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../server/test-support/free-port.js';

export { freePort };

/** Helpers for tests that run Cairn as real processes (server, CLI) on 127.0.0.1. */

export const ROOT = path.resolve(import.meta.dirname, '../..');

export type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Every process a test file started, so its afterAll can end exactly those (by PID). */
export function processGroup() {
  const started: ChildProcess[] = [];

  function runNode(args: string[], env: Record<string, string>, stdin?: string): Run {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    started.push(child);
    if (stdin !== undefined) child.stdin?.end(stdin);
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => out, exited };
  }

  async function startServer(env: Record<string, string> & { PORT: string }): Promise<Run> {
    const run = runNode(['server/main.ts'], env);
    // Generous: tsx compiles the server on start, and a loaded two-core machine is slow at it.
    const deadline = Date.now() + 180_000;
    while (!run.output().includes('is running at')) {
      if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
      if (Date.now() > deadline) {
        // Never leave a half-started server holding the data directory for the next test.
        run.child.kill('SIGKILL');
        throw new Error(`server did not start within 180 s:\n${run.output()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return run;
  }

  function killAll(): void {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  return { runNode, startServer, killAll };
}

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, processGroup } from '../support/processes.js';

/**
 * Issue 2: "start two servers on one directory: the second refuses, the first keeps serving, no
 * data lost". Real processes, real ports on 127.0.0.1, one real PGlite directory.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-lock-'));
const procs = processGroup();
const runNode = (args: string[], env: Record<string, string>) =>
  procs.runNode(args, { DATA_DIR: dataDir, ...env });
const startServer = (port: number) => procs.startServer({ DATA_DIR: dataDir, PORT: String(port) });

afterAll(() => {
  procs.killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(port: number) {
  return fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.com', password: 'a long enough password' }),
  });
}

describe('the DATA_DIR lock', () => {
  it('refuses a second server and the CLI while one runs, and loses nothing', async () => {
    const portA = await freePort();
    const a = await startServer(portA);
    const setup = await fetch(`http://127.0.0.1:${portA}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'a long enough password' }),
    });
    expect(setup.status).toBe(201);

    // The second server on the same directory exits non-zero naming the directory and the pid.
    const b = runNode(['server/main.ts'], { PORT: String(await freePort()) });
    expect(await b.exited).toBe(2);
    expect(b.output()).toContain('is in use by another Cairn process');
    expect(b.output()).toContain(`pid ${a.child.pid}`);

    // So does the CLI: it opens the database the same way.
    const cli = runNode(['server/cli/main.ts', 'user', 'list'], {});
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain('is in use by another Cairn process');

    // The first keeps serving, with its data.
    expect((await fetch(`http://127.0.0.1:${portA}/api/health`)).status).toBe(200);
    expect((await login(portA)).status).toBe(200);

    // A clean stop releases the lock; the next server sees everything the first wrote.
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'cairn.lock'))).toBe(false);
    const portC = await freePort();
    const c = await startServer(portC);
    expect((await login(portC)).status).toBe(200);
    c.child.kill('SIGTERM');
    expect(await c.exited).toBe(0);
  }, 600_000);

  it('takes over a lock left by a process that no longer exists', async () => {
    // A crash (SIGKILL) leaves the lock file behind; its pid is dead, so the next start proceeds.
    const port = await freePort();
    const crashed = await startServer(port);
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(existsSync(path.join(dataDir, 'cairn.lock'))).toBe(true);
    const portNext = await freePort();
    const next = await startServer(portNext);
    expect((await login(portNext)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 600_000);
});

import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

const PG_BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL cluster of the test's own, so the test can terminate its backends, crash it and
 * start it again (the shared TEST_DATABASE_URL server must stay up for every other file). Built
 * like scripts/postgres/with-server.mjs: 127.0.0.1 only, a free port, as `postgres` when root.
 */
export async function startOwnCluster(): Promise<{
  url: string;
  /** Stops the server: 'immediate' is a crash (no checkpoint, every backend killed). */
  stop(mode: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
}> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'cairn-pg-own-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    chownSync(dir, uid, uid);
  }
  const run = (cmd: string, args: string[]) => {
    const full = path.join(PG_BIN, cmd);
    const res = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
      : spawnSync(full, args, { stdio: 'pipe' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr?.toString() ?? ''}`);
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '-N']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      'start',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode) => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

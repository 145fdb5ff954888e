#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster: initdb in a temporary directory, listen
// on 127.0.0.1 only (random free port), export TEST_DATABASE_URL, run, then stop the cluster
// (by its own pid file) and delete it. Usage: node scripts/postgres/with-server.mjs <cmd> [args…]
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const bin = execFileSync('bash', [path.join(here, 'ensure-server.sh')], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
  .toString()
  .trim()
  .split('\n')
  .at(-1);

const port = await new Promise((resolve, reject) => {
  const srv = createServer();
  srv.once('error', reject);
  srv.listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});

// PostgreSQL refuses to run as root; as root, the cluster belongs to Debian's postgres user.
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(tmpdir(), 'cairn-pg-'));
const pgUid = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined;
if (pgUid !== undefined) chownSync(dir, pgUid, pgUid);
const pg = (cmd, args) => {
  const full = path.join(bin, cmd);
  const res = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'inherit' })
    : spawnSync(full, args, { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${cmd} failed with exit code ${res.status}`);
};

const data = path.join(dir, 'data');
pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '-N']);
pg('pg_ctl', [
  '-D',
  data,
  '-l',
  path.join(dir, 'server.log'),
  '-w',
  'start',
  '-o',
  `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`,
]);

let code = 1;
try {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) throw new Error('usage: with-server.mjs <command> [args…]');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  process.stdout.write(`with-server: PostgreSQL on 127.0.0.1:${port}\n`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
  code = res.status ?? 1;
} finally {
  try {
    pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(code);

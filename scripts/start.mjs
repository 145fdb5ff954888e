#!/usr/bin/env node
// `npm start`: builds only when the sources changed since the last build, then runs the built
// server (issue 30: a restart in seconds, not a 40 s rebuild). The build's fingerprint is the
// path, size and modification time of every file it reads (a few hundred stat calls, milliseconds),
// written to dist/.build-fingerprint after a build that succeeded. A different checkout, a pull, an
// edit or a new `npm ci` changes it; `npm run build` still rebuilds unconditionally.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(root, 'dist', '.build-fingerprint');
/** What the build reads: sources, their configuration, and the installed dependencies' lock. */
const INPUTS = [
  'server',
  'web',
  'contract',
  'packages/mcp-stdio',
  'scripts',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'tsconfig.web.json',
  'node_modules/.package-lock.json',
];
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'screenshots']);

function walk(file, hash) {
  if (!existsSync(file)) return;
  const stat = statSync(file);
  if (stat.isDirectory()) {
    for (const name of readdirSync(file).sort()) if (!SKIP.has(name)) walk(path.join(file, name), hash);
    return;
  }
  hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
}

export function fingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) walk(path.join(root, input), hash);
  return hash.digest('hex');
}

const now = fingerprint();
const built = existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === now;
if (!built) {
  process.stdout.write('Building Cairn (the sources changed since the last build)…\n');
  const res = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (res.status !== 0) process.exit(res.status ?? 1);
  // After the build: what it wrote (e.g. the word vectors under server/) is part of the stamp.
  writeFileSync(STAMP, `${fingerprint()}\n`);
}
// The server as a child that gets the signals this process gets: `kill` of npm start (which sends
// SIGTERM here) must reach the server's graceful shutdown, not orphan it.
const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

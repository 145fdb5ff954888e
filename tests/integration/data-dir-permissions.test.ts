import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from '../support/processes.js';

/**
 * DATA_DIR and everything in it are the owner's alone (0700 / 0600) whatever the umask: a real
 * CLI process started under umask 000 creates the embedded database, and a file an older version
 * left world-readable is tightened.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-perms-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function walk(dir: string, out: { file: string; mode: number; dir: boolean }[] = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink() || entry.isSocket()) continue;
    out.push({ file: full, mode: statSync(full).mode & 0o777, dir: entry.isDirectory() });
    if (entry.isDirectory()) walk(full, out);
  }
  return out;
}

it('creates everything 0700/0600 under umask 000, and tightens what was there', async () => {
  chmodSync(dataDir, 0o777);
  writeFileSync(path.join(dataDir, 'left-by-an-older-version.txt'), 'x', { mode: 0o666 });
  chmodSync(path.join(dataDir, 'left-by-an-older-version.txt'), 0o666);
  const child = spawn(
    'sh',
    ['-c', `umask 000 && exec "${process.execPath}" --import tsx server/cli/main.ts user list`],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, out).toBe(0);

  const entries = walk(dataDir);
  expect(entries.length).toBeGreaterThan(50); // PGlite's files are there
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  const open = entries.filter((e) => (e.mode & 0o077) !== 0).map((e) => `${e.file} ${e.mode.toString(8)}`);
  expect(open).toEqual([]);
}, 300_000);

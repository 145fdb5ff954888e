// Real: the file system, Unix sockets, symlinks in the temporary directory, timers. Two holders
// are two calls in this one process: the same pid, as two containers that are both PID 1 — which
// is exactly why a pid must not decide (issue 26). Server-level tests are in
// tests/integration/data-dir-lock.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.js';

const root = mkdtempSync(path.join(tmpdir(), 'cairn-lock-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A data directory whose path is far too long for a socket address (107 bytes). */
function longDir(name: string): string {
  const dir = path.join(root, name, 'a-data-directory-path-'.repeat(6), 'that-goes-on');
  mkdirSync(dir, { recursive: true });
  expect(dir.length).toBeGreaterThan(150);
  return dir;
}

const lockOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'cairn.lock'), 'utf8')) as Record<string, unknown>;

describe('the data-directory lock', () => {
  it('holds for a DATA_DIR too long for a socket path, whatever the pid says', async () => {
    const dir = longDir('long');
    const first = await acquireDataDirLock(dir);
    expect(lockOf(dir).socket).toMatch(/^cairn-[0-9a-f]+\.sock$/);
    // Same pid, same host: only the live socket can tell, and it does.
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    first.release();
    expect(existsSync(path.join(dir, 'cairn.lock'))).toBe(false);
    const next = await acquireDataDirLock(dir);
    next.release();
  });

  it('takes over a long-path lock whose holder died (socket file left, nobody listening)', async () => {
    const dir = longDir('dead');
    writeFileSync(
      path.join(dir, 'cairn.lock'),
      JSON.stringify({
        pid: 1,
        host: 'other',
        startedAt: '2026-01-01T00:00:00Z',
        instance: 'x',
        socket: 'cairn-x.sock',
      }),
    );
    writeFileSync(path.join(dir, 'cairn-x.sock'), '');
    const lock = await acquireDataDirLock(dir);
    expect(lockOf(dir).instance).not.toBe('x');
    lock.release();
  });

  it('without sockets, a live holder is known by its moving heartbeat, not its pid', async () => {
    const dir = longDir('heartbeat');
    const opts = { socket: false, heartbeatMs: 50, staleMs: 400 };
    const first = await acquireDataDirLock(dir, opts);
    expect(lockOf(dir).heartbeatAt).toEqual(expect.any(Number));
    await expect(acquireDataDirLock(dir, opts)).rejects.toBeInstanceOf(DataDirInUseError);
    first.release();
    (await acquireDataDirLock(dir, opts)).release();
  });

  it('without sockets, a heartbeat that stopped (kill -9) is taken over after staleMs', async () => {
    const dir = longDir('stopped');
    const beat = Date.now();
    writeFileSync(
      path.join(dir, 'cairn.lock'),
      JSON.stringify({
        pid: process.pid,
        host: 'c1',
        startedAt: 'then',
        instance: 'gone',
        heartbeatAt: beat,
      }),
    );
    const started = Date.now();
    const lock = await acquireDataDirLock(dir, { socket: false, heartbeatMs: 50, staleMs: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(lockOf(dir).instance).not.toBe('gone');
    lock.release();
  });
});

import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose data. The
 * server therefore holds `DATA_DIR/cairn.lock`, created with O_EXCL (atomic on local file
 * systems), holding the owner's pid and host. A lock left by a dead process on this host is taken
 * over; a live one makes the second opener fail with DataDirInUseError.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly host: string,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Cairn process (pid ${pid} on ${host}). ` +
        'Stop that process first, or start this one with a different DATA_DIR.',
    );
  }
}

export type DataDirLock = { release(): void; readonly file: string };

type LockInfo = { pid: number; host: string; startedAt: string };

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'cairn.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          // Only remove the file if it is still ours.
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(file);
      if (holder && holder.host === hostname() && !isAlive(holder.pid)) {
        rmSync(file, { force: true }); // stale: its process is gone
        continue;
      }
      if (!holder) {
        // Empty or unreadable. A process starting this very moment writes it within microseconds,
        // so a young file means "in use"; an old one was left by a crash between create and write.
        if (ageMs(file) > 5_000) {
          rmSync(file, { force: true });
          continue;
        }
        throw new DataDirInUseError(dataDir, 0, 'unknown');
      }
      throw new DataDirInUseError(dataDir, holder.pid, holder.host);
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function readLock(file: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

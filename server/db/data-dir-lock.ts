import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose data. The
 * server therefore holds `DATA_DIR/cairn.lock` (who holds it, for the message) together with a
 * listening Unix socket in the same directory (the proof that the holder lives). The kernel closes
 * that socket when the process dies, however it dies, so a lock whose socket refuses connections
 * is stale. Unlike a pid, this holds across PID namespaces and host names: a container restarted
 * after kill -9 (a new PID 1, a new hostname, the same volume) takes the lock over instead of
 * refusing to start for ever, and two containers sharing a volume on one host still see each
 * other. Node has no flock(); this needs no native code. See ADR 0021.
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

type LockInfo = { pid: number; host: string; startedAt: string; socket?: string };

// sun_path holds 108 bytes on Linux; a longer path cannot be a socket.
const MAX_SOCKET_PATH = 107;

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'cairn.lock');
  const socketName = `cairn-${randomBytes(6).toString('hex')}.sock`;
  const socketPath = path.join(dataDir, socketName);
  const server = socketPath.length <= MAX_SOCKET_PATH ? await listen(socketPath) : undefined;
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...(server ? { socket: socketName } : {}),
  };
  // Written whole to a private name, then linked: link() fails if cairn.lock exists, so creating
  // the lock is atomic and no one ever reads a half-written one.
  const draft = path.join(dataDir, `.cairn.lock.${socketName}`);
  writeFileSync(draft, JSON.stringify(info), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const holder = readLock(file);
        if (holder && (await holderLives(dataDir, holder))) throw inUse(dataDir, holder);
        takeOverStale(dataDir, file, holder);
        continue;
      }
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          if (readLock(file)?.startedAt === info.startedAt && readLock(file)?.pid === process.pid)
            rmSync(file, { force: true });
          server?.close();
          rmSync(socketPath, { force: true });
        },
      };
    }
    throw new Error(`Could not take the lock ${file}`);
  } catch (err) {
    server?.close();
    rmSync(socketPath, { force: true });
    throw err;
  } finally {
    rmSync(draft, { force: true });
  }
}

function inUse(dataDir: string, holder: LockInfo): DataDirInUseError {
  return new DataDirInUseError(dataDir, holder.pid, holder.host);
}

/**
 * Moves a stale lock aside. Two starters may both judge it stale; only one rename wins, and the
 * loser, if it moved the winner's fresh lock instead, puts it back (link: never over a third).
 */
function takeOverStale(dataDir: string, file: string, judged: LockInfo | undefined): void {
  const aside = path.join(dataDir, `.cairn.lock.stale-${randomBytes(6).toString('hex')}`);
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it
    throw err;
  }
  const moved = readLock(aside);
  if (judged && moved && moved.startedAt !== judged.startedAt) {
    try {
      linkSync(aside, file);
    } catch {
      // a third process took it meanwhile; its lock stands
    }
  } else if (moved?.socket) {
    rmSync(path.join(dataDir, moved.socket), { force: true });
  }
  rmSync(aside, { force: true });
}

function listen(socketPath: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // A checker only connects to see that we live; it sends nothing.
    const server = createServer((conn) => conn.destroy());
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      // The CLI holds the lock too and must still exit when its work is done.
      server.unref();
      resolve(server);
    });
  });
}

async function holderLives(dataDir: string, holder: LockInfo): Promise<boolean> {
  if (holder.socket) return connects(path.join(dataDir, path.basename(holder.socket)));
  // A holder that could not listen (a data directory path too long for a socket): judged by
  // pid, and only on this host, where the pid means something.
  return holder.host === hostname() && holder.pid !== process.pid && pidAlive(holder.pid);
}

function connects(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = createConnection(socketPath);
    conn.once('connect', () => {
      conn.destroy();
      resolve(true);
    });
    // ECONNREFUSED: the socket file outlived its process. ENOENT: it is gone.
    conn.once('error', () => resolve(false));
  });
}

function readLock(file: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : undefined;
  } catch {
    return undefined;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { hostname, tmpdir } from 'node:os';
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
 *
 * A socket path is limited to 107 bytes, so a long DATA_DIR is reached through a short private
 * directory in /tmp holding a symlink to it: the socket itself is still created in DATA_DIR (on
 * the shared volume), only the name we bind and connect by is short. Where no socket can be made
 * at all (a file system without sockets), the holder rewrites a heartbeat in the lock every
 * HEARTBEAT_MS and a starter waits to see whether it moves; a pid alone is never trusted, since
 * two containers can both be PID 1.
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

type LockInfo = {
  pid: number;
  host: string;
  startedAt: string;
  /** Random per holder: pids and host names repeat across containers. */
  instance?: string;
  socket?: string;
  /** Only without a socket: when the holder last said it lives (ms since the epoch). */
  heartbeatAt?: number;
};

// sun_path holds 108 bytes on Linux; a longer path cannot be a socket.
const MAX_SOCKET_PATH = 107;

export type LockOptions = {
  /** false: behave as on a file system without sockets (tests of the heartbeat). */
  socket?: boolean;
  heartbeatMs?: number;
  /** A heartbeat older than this is a dead holder's. */
  staleMs?: number;
};
export const HEARTBEAT_MS = 2_000;
export const STALE_HEARTBEAT_MS = 15_000;

export async function acquireDataDirLock(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const staleMs = options.staleMs ?? STALE_HEARTBEAT_MS;
  const file = path.join(dataDir, 'cairn.lock');
  const instance = randomBytes(6).toString('hex');
  const socketName = `cairn-${instance}.sock`;
  const socketPath = path.join(dataDir, socketName);
  const server = options.socket === false ? undefined : await listen(dataDir, socketName);
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    instance,
    ...(server ? { socket: socketName } : { heartbeatAt: Date.now() }),
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
        if (holder && (await holderLives(dataDir, holder, staleMs))) throw inUse(dataDir, holder);
        takeOverStale(dataDir, file, holder);
        continue;
      }
      const ours = () => readLock(file)?.instance === instance;
      // Without a socket, the lock says we live by being rewritten (whole, by rename).
      const beat = server
        ? undefined
        : setInterval(() => {
            if (!ours()) return;
            const next = path.join(dataDir, `.cairn.lock.beat-${instance}`);
            writeFileSync(next, JSON.stringify({ ...info, heartbeatAt: Date.now() }), { mode: 0o600 });
            renameSync(next, file);
          }, heartbeatMs).unref();
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          clearInterval(beat);
          if (ours()) rmSync(file, { force: true });
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

/**
 * Who holds the data directory now, if a live process does (for `cairn doctor`): the lock is read
 * and its holder checked exactly as a starter would, without taking anything.
 */
export async function dataDirLockHolder(
  dataDir: string,
  options: Pick<LockOptions, 'staleMs'> = {},
): Promise<{ pid: number; host: string; startedAt: string } | undefined> {
  const holder = readLock(path.join(dataDir, 'cairn.lock'));
  if (!holder || !(await holderLives(dataDir, holder, options.staleMs ?? STALE_HEARTBEAT_MS)))
    return undefined;
  return { pid: holder.pid, host: holder.host, startedAt: holder.startedAt };
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

/**
 * Runs `use` with a path to `name` inside `dataDir` that fits in a socket address: the path
 * itself when short enough, else one through a symlink to `dataDir` in a fresh private (0700)
 * directory under the temporary directory, removed afterwards (the socket stays in `dataDir`).
 */
async function viaShortPath<T>(dataDir: string, name: string, use: (p: string) => Promise<T>): Promise<T> {
  const direct = path.join(dataDir, name);
  if (Buffer.byteLength(direct) <= MAX_SOCKET_PATH) return use(direct);
  const base = Buffer.byteLength(tmpdir()) <= 40 ? tmpdir() : '/tmp';
  const hop = mkdtempSync(path.join(base, 'cairn-'));
  try {
    symlinkSync(path.resolve(dataDir), path.join(hop, 'd'));
    return await use(path.join(hop, 'd', name));
  } finally {
    rmSync(hop, { recursive: true, force: true });
  }
}

/** Listens on DATA_DIR/`name`; undefined where the file system has no sockets. */
async function listen(dataDir: string, name: string): Promise<Server | undefined> {
  try {
    return await viaShortPath(
      dataDir,
      name,
      (socketPath) =>
        new Promise<Server>((resolve, reject) => {
          // A checker only connects to see that we live; it sends nothing.
          const server = createServer((conn) => conn.destroy());
          server.once('error', reject);
          server.listen(socketPath, () => {
            server.off('error', reject);
            // The CLI holds the lock too and must still exit when its work is done.
            server.unref();
            resolve(server);
          });
        }),
    );
  } catch {
    return undefined;
  }
}

async function holderLives(dataDir: string, holder: LockInfo, staleMs: number): Promise<boolean> {
  if (holder.socket) return viaShortPath(dataDir, path.basename(holder.socket), connects);
  if (holder.heartbeatAt !== undefined)
    return heartbeatMoves(path.join(dataDir, 'cairn.lock'), holder, staleMs);
  // A lock from a version before heartbeats, held without a socket: judged by pid, and only on
  // this host, where the pid means something.
  return holder.host === hostname() && holder.pid !== process.pid && pidAlive(holder.pid);
}

/**
 * A holder without a socket lives while its heartbeat moves. One older than `staleMs` is dead at
 * once; else we watch until it would be that old, and it lives if it was rewritten meanwhile (or
 * another starter took the lock, whose holder is then the one we must not disturb).
 */
async function heartbeatMoves(file: string, holder: LockInfo, staleMs: number): Promise<boolean> {
  const deadline = holder.heartbeatAt! + staleMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, Math.min(250, Math.max(10, deadline - Date.now()))));
    const now = readLock(file);
    if (!now) return false;
    if (now.instance !== holder.instance || now.heartbeatAt !== holder.heartbeatAt) return true;
  }
  return false;
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

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { BLOCK, END_OF_ARCHIVE, padding, parseTarHeader, tarHeader, type TarEntry } from '../../lib/tar.js';
import {
  BACKUP_FORMAT,
  MANIFEST_NAME,
  type BackupManifest,
  PGLITE_DIR,
  SECRET_KEY_NAME,
} from './archive-format.js';

/**
 * Writes one backup archive: the manifest, the secret key (when it lives in DATA_DIR) and the
 * embedded database's data directory under pglite/, gzip-compressed. Compression runs on libuv's
 * thread pool and the tarball is handed to it in slices, so the event loop only moves buffers.
 * The file is written under a temporary name (mode 0600) and renamed into place once complete and
 * flushed: a crash or a full disk leaves no half archive under a backup's name.
 */
export async function writeBackupArchive(opts: {
  file: string;
  manifest: Omit<BackupManifest, 'format'>;
  secretKey: Uint8Array | undefined;
  /** The PGlite data directory as an uncompressed tarball (its `dumpDataDir`). */
  pgliteDump: Uint8Array;
}): Promise<{ bytes: number }> {
  const tmp = path.join(
    path.dirname(opts.file),
    `.${path.basename(opts.file)}.${randomBytes(4).toString('hex')}.partial`,
  );
  try {
    // flush: fsync before close, so the rename never publishes a file the disk has not got.
    const out = createWriteStream(tmp, { flags: 'wx', mode: 0o600, flush: true });
    await pipeline(Readable.from(entries(opts), { objectMode: false }), createGzip({ level: 6 }), out);
    await rename(tmp, opts.file);
    return { bytes: (await stat(opts.file)).size };
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Slices of at most this many bytes: each is one job for the gzip thread. */
const SLICE = 1 << 20;

function* entries(opts: Parameters<typeof writeBackupArchive>[0]): Generator<Uint8Array> {
  const now = Date.now();
  const manifest = new TextEncoder().encode(
    `${JSON.stringify({ format: BACKUP_FORMAT, ...opts.manifest } satisfies BackupManifest, null, 2)}\n`,
  );
  yield* file(
    { name: MANIFEST_NAME, type: 'file', size: manifest.length, mode: 0o600, mtime: now },
    manifest,
  );
  if (opts.secretKey)
    yield* file(
      { name: SECRET_KEY_NAME, type: 'file', size: opts.secretKey.length, mode: 0o600, mtime: now },
      opts.secretKey,
    );
  yield tarHeader({ name: PGLITE_DIR, type: 'directory', size: 0, mode: 0o700, mtime: now });
  // The dump's entries are named from its root ("/base/1/…"): each goes under pglite/ as is.
  const dump = opts.pgliteDump;
  for (let offset = 0; offset + BLOCK <= dump.length;) {
    const entry = parseTarHeader(dump.subarray(offset, offset + BLOCK));
    if (!entry) break;
    const data = dump.subarray(offset + BLOCK, offset + BLOCK + entry.size);
    const name = `${PGLITE_DIR}/${entry.name.replace(/^\/+/, '')}`.replace(/\/$/, '');
    if (name !== PGLITE_DIR)
      yield* file({ ...entry, name, mode: entry.type === 'directory' ? 0o700 : 0o600 }, data);
    offset += BLOCK + entry.size + padding(entry.size).length;
  }
  yield END_OF_ARCHIVE;
}

function* file(entry: TarEntry, data: Uint8Array): Generator<Uint8Array> {
  yield tarHeader(entry);
  if (entry.type !== 'file') return;
  for (let i = 0; i < data.length; i += SLICE) yield data.subarray(i, i + SLICE);
  const pad = padding(data.length);
  if (pad.length) yield pad;
}

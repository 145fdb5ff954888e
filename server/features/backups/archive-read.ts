import { createReadStream } from 'node:fs';
import { mkdir, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { BLOCK, padding, parseTarHeader, TarFormatError } from '../../lib/tar.js';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  MANIFEST_NAME,
  PGLITE_DIR,
  SECRET_KEY_NAME,
} from './archive-format.js';

/**
 * Bounds on an archive handed to `restore`, which may come from anywhere. A Cairn data directory
 * is a few thousand files whose largest is a 1 GiB table segment; the WAL's zero-filled segments
 * make a fresh one compress about 10:1, a busy one less. Past `ratioFromBytes` the whole may
 * inflate to at most `ratio` times the file, so a small gzip bomb is stopped early.
 */
export const BACKUP_LIMITS = {
  entries: 100_000,
  entryBytes: 2 * 1024 ** 3,
  totalBytes: 64 * 1024 ** 3,
  ratioFromBytes: 1024 ** 3,
  ratio: 1_000,
  manifestBytes: 64 * 1024,
  secretKeyBytes: 4 * 1024,
  nameBytes: 255,
};

export class BackupArchiveError extends Error {}

/**
 * Unpacks a backup archive into `dest` (an empty directory the caller owns), entry by entry as it
 * inflates: nothing is held whole. Refuses, before writing a byte of it, an entry that is not
 * the manifest, the secret key or under pglite/; a path with `..`, `.`, an empty segment, a leading
 * `/` or a backslash; links and special files; an archive past BACKUP_LIMITS; a truncated one.
 * Returns the manifest. The caller removes `dest` on failure.
 */
export async function extractBackupArchive(
  file: string,
  dest: string,
  limits = BACKUP_LIMITS,
): Promise<BackupManifest> {
  const compressed = (await stat(file)).size;
  const maxTotal = Math.min(limits.totalBytes, Math.max(limits.ratioFromBytes, compressed * limits.ratio));
  const input = createReadStream(file).pipe(createGunzip({ chunkSize: 256 * 1024 }));
  input.on('error', () => {}); // surfaced through the iterator below
  const reader = new ChunkReader(input[Symbol.asyncIterator](), maxTotal);
  const seen = new Set<string>();
  let manifest: BackupManifest | undefined;
  try {
    for (;;) {
      const header = await reader.read(BLOCK);
      if (!header) throw new BackupArchiveError('The backup is truncated: it ends before its last entry');
      const entry = parseTarHeader(header);
      if (!entry) break;
      if (seen.size >= limits.entries)
        throw new BackupArchiveError(`The backup holds more than ${limits.entries} entries`);
      checkName(entry.name, limits.nameBytes);
      if (seen.has(entry.name)) throw new BackupArchiveError(`The backup holds ${entry.name} twice`);
      seen.add(entry.name);
      if (!manifest) {
        if (entry.name !== MANIFEST_NAME || entry.type !== 'file' || entry.size > limits.manifestBytes)
          throw new BackupArchiveError(
            'This is not a Cairn backup (it does not start with cairn-backup.json)',
          );
        manifest = parseManifest(await reader.readWhole(entry.size));
        await reader.skip(padding(entry.size).length);
        continue;
      }
      const inPglite = entry.name === PGLITE_DIR || entry.name.startsWith(`${PGLITE_DIR}/`);
      if (!inPglite && entry.name !== SECRET_KEY_NAME)
        throw new BackupArchiveError(`The backup holds an unexpected entry: ${entry.name}`);
      if (entry.name === SECRET_KEY_NAME && (entry.type !== 'file' || entry.size > limits.secretKeyBytes))
        throw new BackupArchiveError('The backup holds a malformed secret.key');
      if (entry.size > limits.entryBytes)
        throw new BackupArchiveError(`The entry ${entry.name} is larger than ${limits.entryBytes} bytes`);
      const target = path.join(dest, ...entry.name.split('/'));
      if (entry.type === 'directory') {
        await mkdir(target, { recursive: true, mode: 0o700 });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const handle = await open(target, 'wx', 0o600);
      try {
        for await (const chunk of reader.stream(entry.size)) await handle.write(chunk);
      } finally {
        await handle.close();
      }
      await reader.skip(padding(entry.size).length);
    }
  } catch (err) {
    if (err instanceof TarFormatError) throw new BackupArchiveError(`The backup is damaged: ${err.message}`);
    if ((err as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw new BackupArchiveError('The backup is damaged: it is not a complete gzip file');
    throw err;
  } finally {
    input.destroy();
  }
  if (!manifest) throw new BackupArchiveError('This is not a Cairn backup (it is empty)');
  return manifest;
}

function checkName(name: string, maxBytes: number): void {
  const segments = name.split('/');
  const bad =
    !name ||
    Buffer.byteLength(name) > maxBytes ||
    name.includes('\\') ||
    segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad)
    throw new BackupArchiveError(`The backup holds a path that is not allowed: ${JSON.stringify(name)}`);
}

function parseManifest(bytes: Uint8Array): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes)) as Partial<BackupManifest>;
  } catch {
    throw new BackupArchiveError("The backup's cairn-backup.json is not JSON");
  }
  if (value.format !== BACKUP_FORMAT)
    throw new BackupArchiveError(
      `This backup's format (${String(value.format)}) is not one this Cairn reads (${BACKUP_FORMAT})`,
    );
  if (value.engine !== 'pglite' || !Array.isArray(value.migrations))
    throw new BackupArchiveError("The backup's cairn-backup.json is malformed");
  return value as BackupManifest;
}

/** Exact reads over a stream of chunks, counting every byte it inflates against `max`. */
class ChunkReader {
  private buffered: Uint8Array[] = [];
  private size = 0;
  private total = 0;
  private done = false;

  constructor(
    private readonly source: AsyncIterator<Buffer>,
    private readonly max: number,
  ) {}

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.source.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.total += next.value.length;
    if (this.total > this.max)
      throw new BackupArchiveError(`The backup inflates to more than ${this.max} bytes: refused`);
    this.buffered.push(next.value);
    this.size += next.value.length;
    return true;
  }

  /** Up to `n` bytes from what is buffered (reading more when nothing is). */
  private async take(n: number): Promise<Uint8Array | undefined> {
    while (this.size === 0) if (!(await this.fill())) return undefined;
    const head = this.buffered[0]!;
    const out = head.length <= n ? head : head.subarray(0, n);
    if (head.length <= n) this.buffered.shift();
    else this.buffered[0] = head.subarray(n);
    this.size -= out.length;
    return out;
  }

  /** Exactly `n` bytes, or undefined at the end of the stream (a part of them is an error). */
  async read(n: number): Promise<Uint8Array | undefined> {
    const first = await this.take(n);
    if (!first) return undefined;
    if (first.length === n) return first;
    const out = new Uint8Array(n);
    out.set(first);
    for (let at = first.length; at < n;) {
      const part = await this.take(n - at);
      if (!part) throw new BackupArchiveError('The backup is truncated');
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  async readWhole(n: number): Promise<Uint8Array> {
    if (n === 0) return new Uint8Array(0);
    const out = await this.read(n);
    if (!out) throw new BackupArchiveError('The backup is truncated');
    return out;
  }

  async *stream(n: number): AsyncGenerator<Uint8Array> {
    for (let left = n; left > 0;) {
      const part = await this.take(left);
      if (!part) throw new BackupArchiveError('The backup is truncated');
      left -= part.length;
      yield part;
    }
  }

  async skip(n: number): Promise<void> {
    for await (const _ of this.stream(n)) void _;
  }
}

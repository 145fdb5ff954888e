import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { TRACE_LIMITS } from '../../../../contract/traces.js';
import { turnTaker } from '../../../lib/turns.js';
import { crc32, UTF8_FLAG } from './zip.js';

/**
 * Bounds on what reading an uploaded archive may cost, so a hostile one (a zip bomb, a Zip64
 * entry claiming terabytes, a central directory pointing outside the file) is refused with a
 * reason instead of taking the process's memory or time.
 */
export const ZIP_LIMITS = {
  /**
   * Inflated bytes of one entry: a note holds at most TRACE_LIMITS.contentMax characters (at most
   * 4 UTF-8 bytes each) plus its front matter. Inflation stops the moment an entry passes it.
   */
  entryBytes: TRACE_LIMITS.contentMax * 4 + 64 * 1024,
  /** Inflated bytes of all entries read from one archive. */
  totalBytes: 512 * 1024 * 1024,
  /**
   * Inflated bytes per byte of archive, over the whole archive. Markdown compresses 3-10x, a
   * note of one repeated line a few hundred; a bomb a thousand. Checked only past ratioFromBytes,
   * so a small archive of very repetitive notes is still read.
   */
  ratio: 100,
  ratioFromBytes: 16 * 1024 * 1024,
} as const;

export type ZipLimits = { [K in keyof typeof ZIP_LIMITS]: number };

/** Random access to the archive's bytes (a file handle, or a buffer in tests). */
export type ByteSource = { size: number; read(position: number, length: number): Promise<Buffer> };

export function bufferSource(buf: Buffer): ByteSource {
  return { size: buf.length, read: async (pos, len) => buf.subarray(pos, pos + len) };
}

/** The archive is damaged or uses what this reader does not support. */
export class ZipFormatError extends Error {}
/** The archive is readable but would pass one of ZIP_LIMITS: refused before or while inflating. */
export class ZipLimitError extends ZipFormatError {}

/** An entry of the archive: its bytes, or null when the caller did not want it (never inflated). */
export type ZipItem = { name: string; data: Buffer | null };

const SIGNATURE = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50 };
const ZIP64 = { end: 0x06064b50, locator: 0x07064b50, extra: 0x0001 };
/** Deflate can grow incompressible data a little (5 bytes per stored block of up to 64 KiB). */
const deflatedBound = (bytes: number) => bytes + Math.ceil(bytes / 1000) + 1024;

/** Exactly `length` bytes at `position`, or a format error: never a read or allocation past the file. */
async function readExactly(src: ByteSource, position: number, length: number, what: string) {
  if (!Number.isSafeInteger(position) || !Number.isSafeInteger(length) || position < 0 || length < 0) {
    throw new ZipFormatError(`${what} has an impossible offset or size`);
  }
  if (position + length > src.size)
    throw new ZipFormatError(`${what} lies past the end (truncated archive?)`);
  const buf = await src.read(position, length);
  if (buf.length < length) throw new ZipFormatError(`${what} is truncated`);
  return buf;
}

function uint64(buf: Buffer, at: number, what: string): number {
  const value = buf.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError(`${what} is impossibly large`);
  return Number(value);
}

/** Where the central directory is and how many entries it lists (APPNOTE 4.3.14-4.3.16). */
async function findDirectory(src: ByteSource) {
  // The end record sits in the last 22 bytes plus a comment of up to 64 KiB.
  const tailLength = Math.min(src.size, 22 + 0xffff);
  const tail = await readExactly(src, src.size - tailLength, tailLength, 'the end of the archive');
  const endAt = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0 || endAt + 22 > tail.length) {
    throw new ZipFormatError('not a ZIP archive (no end of central directory)');
  }
  let count = tail.readUInt16LE(endAt + 10);
  let size = tail.readUInt32LE(endAt + 12);
  let offset = tail.readUInt32LE(endAt + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locatorAt = endAt - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64.locator) {
      throw new ZipFormatError('ZIP64 archive without its locator');
    }
    const zip64 = await readExactly(
      src,
      uint64(tail, locatorAt + 8, 'ZIP64 end record'),
      56,
      'ZIP64 end record',
    );
    if (zip64.readUInt32LE(0) !== ZIP64.end) throw new ZipFormatError('broken ZIP64 end record');
    count = uint64(zip64, 32, 'ZIP64 entry count');
    size = uint64(zip64, 40, 'ZIP64 central directory size');
    offset = uint64(zip64, 48, 'ZIP64 central directory offset');
  }
  // A directory record is at least 46 bytes: a count beyond that is a lie, not a loop to run.
  if (count * 46 > size) throw new ZipFormatError('broken central directory (more entries than it can hold)');
  return { count, dir: await readExactly(src, offset, size, 'the central directory') };
}

/**
 * Sizes and offset of one directory record; a field at 0xFFFFFFFF is in its Zip64 extended
 * information extra field (APPNOTE 4.5.3), each present one 8 bytes, in this order.
 */
function entrySizes(dir: Buffer, at: number, extra: Buffer, name: string) {
  let uncompressed = dir.readUInt32LE(at + 24);
  let compressed = dir.readUInt32LE(at + 20);
  let localOffset = dir.readUInt32LE(at + 42);
  if (uncompressed !== 0xffffffff && compressed !== 0xffffffff && localOffset !== 0xffffffff) {
    return { uncompressed, compressed, localOffset };
  }
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    const body = extra.subarray(i + 4, i + 4 + length);
    i += 4 + length;
    if (id !== ZIP64.extra) continue;
    let j = 0;
    const next = (what: string) => {
      if (j + 8 > body.length) throw new ZipFormatError(`${name}: ZIP64 extra field is too short`);
      const value = uint64(body, j, `${name}: ${what}`);
      j += 8;
      return value;
    };
    if (uncompressed === 0xffffffff) uncompressed = next('size');
    if (compressed === 0xffffffff) compressed = next('compressed size');
    if (localOffset === 0xffffffff) localOffset = next('offset');
    return { uncompressed, compressed, localOffset };
  }
  throw new ZipFormatError(`${name}: ZIP64 sizes without a ZIP64 extra field`);
}

const inflateRawAsync = promisify(inflateRaw);

/**
 * Inflates with zlib's own hard output limit: it stops producing the moment the limit is passed.
 * On libuv's thread pool, not the event loop: an OpenMemory backup's memories.json is megabytes.
 */
async function inflate(body: Buffer, name: string, limits: ZipLimits): Promise<Buffer> {
  try {
    return await inflateRawAsync(body, { maxOutputLength: limits.entryBytes });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(name, limits);
    throw new ZipFormatError(`${name}: the compressed data is damaged`);
  }
}

const tooLarge = (name: string, limits: ZipLimits) =>
  new ZipLimitError(
    limits.entryBytes === ZIP_LIMITS.entryBytes
      ? `"${name}" inflates past ${limits.entryBytes} bytes; a note holds at most ${TRACE_LIMITS.contentMax} characters`
      : `"${name}" inflates past ${limits.entryBytes} bytes, more than Cairn reads from one file of an archive`,
  );

/**
 * Reads the entries of a ZIP archive one at a time, checking each one's CRC-32. Only entries
 * `wants` accepts are read and inflated; the others are listed with no data. Every size and
 * offset is checked against the file and ZIP_LIMITS before anything is allocated, and
 * inflation stops at the entry limit, so memory stays at about one entry whatever the archive says.
 */
export async function* readZip(
  src: ByteSource,
  options: { wants?: (name: string) => boolean; limits?: ZipLimits } = {},
): AsyncGenerator<ZipItem> {
  const limits = options.limits ?? ZIP_LIMITS;
  const { count, dir } = await findDirectory(src);
  const turns = turnTaker();
  let inflated = 0;
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== SIGNATURE.central) {
      throw new ZipFormatError('broken central directory');
    }
    const flags = dir.readUInt16LE(at + 8);
    const method = dir.readUInt16LE(at + 10);
    const crc = dir.readUInt32LE(at + 16);
    const nameLength = dir.readUInt16LE(at + 28);
    const extraLength = dir.readUInt16LE(at + 30);
    const commentLength = dir.readUInt16LE(at + 32);
    const recordAt = at;
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength + commentLength > dir.length)
      throw new ZipFormatError('broken central directory');
    const name = dir.subarray(at + 46, nameEnd).toString(flags & UTF8_FLAG ? 'utf8' : 'latin1');
    const extra = dir.subarray(nameEnd, nameEnd + extraLength);
    at = nameEnd + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (options.wants && !options.wants(name)) {
      yield { name, data: null };
      continue;
    }
    if (flags & 1) throw new ZipFormatError(`${name}: encrypted entries are not supported`);
    if (method !== 0 && method !== 8) {
      throw new ZipFormatError(`${name}: compression method ${method} is not supported`);
    }
    const { uncompressed, compressed, localOffset } = entrySizes(dir, recordAt, extra, name);
    // What the directory declares is refused before reading: a lie is caught while inflating.
    if (uncompressed > limits.entryBytes || compressed > deflatedBound(limits.entryBytes)) {
      throw tooLarge(name, limits);
    }
    const header = await readExactly(src, localOffset, 30, `${name}: local header`);
    if (header.readUInt32LE(0) !== SIGNATURE.local) throw new ZipFormatError(`${name}: broken local header`);
    const start = localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const body = await readExactly(src, start, compressed, `${name}: data`);
    const data = method === 0 ? body : await inflate(body, name, limits);
    if (data.length > limits.entryBytes) throw tooLarge(name, limits);
    if (crc32(data) !== crc) throw new ZipFormatError(`${name}: CRC-32 mismatch (the archive is damaged)`);
    inflated += data.length;
    if (inflated > limits.totalBytes) {
      throw new ZipLimitError(`the archive inflates past ${limits.totalBytes} bytes (at "${name}")`);
    }
    if (inflated > limits.ratioFromBytes && inflated > limits.ratio * src.size) {
      throw new ZipLimitError(
        `the archive inflates over ${limits.ratio} times its size (at "${name}"): not an archive of notes`,
      );
    }
    yield { name, data };
    await turns.pause();
  }
}

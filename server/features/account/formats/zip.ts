import { crc32 as zlibCrc32, deflateRawSync } from 'node:zlib';

/**
 * A small ZIP writer and reader on node:zlib (stored and deflate, CRC-32, Zip64 end records for
 * more than 65,535 entries), enough for the Markdown export and import without a dependency.
 * Entries are written one by one as they come, so only the central directory (a few dozen bytes
 * per file) grows with the archive. Limits: no encryption, no spanning, archives under 4 GiB.
 * The reader, with its bounds against hostile archives, is ./zip-reader.ts.
 */

/** zlib's own CRC-32: native, where a JavaScript loop held the event loop for a whole large entry. */
export function crc32(data: Uint8Array): number {
  return zlibCrc32(data);
}

export type ZipEntry = { name: string; data: Buffer; modified?: Date };

/** MS-DOS date and time, the only timestamp the base format has (two-second resolution). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

export const UTF8_FLAG = 0x0800;

/** Writes a ZIP archive from entries as they arrive, yielding its bytes chunk by chunk. */
export async function* writeZip(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // Tiny or incompressible files are stored: deflate would only add bytes (and time).
    const deflated = entry.data.length >= 128 ? deflateRawSync(entry.data) : entry.data;
    const useDeflate = deflated.length < entry.data.length;
    const body = useDeflate ? deflated : entry.data;
    const crc = crc32(entry.data);
    const { time, date } = dosDateTime(entry.modified ?? new Date());

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(useDeflate ? 8 : 0, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(UTF8_FLAG, 8);
    record.writeUInt16LE(useDeflate ? 8 : 0, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(body.length, 20);
    record.writeUInt32LE(entry.data.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);

    yield Buffer.concat([local, name, body]);
    offset += local.length + name.length + body.length;
    count++;
  }
  const directory = Buffer.concat(central);
  const tail: Buffer[] = [directory];
  const needs64 = count > 0xfffe;
  if (needs64) {
    const zip64End = Buffer.alloc(56);
    zip64End.writeUInt32LE(0x06064b50, 0);
    zip64End.writeBigUInt64LE(44n, 4);
    zip64End.writeUInt16LE(45, 12);
    zip64End.writeUInt16LE(45, 14);
    zip64End.writeBigUInt64LE(BigInt(count), 24);
    zip64End.writeBigUInt64LE(BigInt(count), 32);
    zip64End.writeBigUInt64LE(BigInt(directory.length), 40);
    zip64End.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(zip64End, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(needs64 ? 0xffff : count, 8);
  end.writeUInt16LE(needs64 ? 0xffff : count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  tail.push(end);
  yield Buffer.concat(tail);
}

/**
 * The little of the POSIX ustar format that backups need: regular files and directories, names up
 * to 255 bytes (prefix + name), no links, no extended headers. Writing yields header and data
 * chunks for a stream; reading (tar-reader.ts) parses one header at a time.
 */

export const BLOCK = 512;

export type TarEntry = {
  /** Relative path, `/`-separated, no leading `/`. */
  name: string;
  type: 'file' | 'directory';
  size: number;
  mode: number;
  mtime: number;
};

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function writeString(block: Uint8Array, offset: number, length: number, value: string): void {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new Error(`tar: "${value}" does not fit in ${length} bytes`);
  block.set(bytes, offset);
}

function writeOctal(block: Uint8Array, offset: number, length: number, value: number): void {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** Splits a long name at a `/` into ustar's prefix (155 bytes) and name (100 bytes). */
function splitName(name: string): [prefix: string, name: string] {
  if (encoder.encode(name).length <= 100) return ['', name];
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const [prefix, rest] = [name.slice(0, i), name.slice(i + 1)];
    if (encoder.encode(prefix).length <= 155 && encoder.encode(rest).length <= 100) return [prefix, rest];
  }
  throw new Error(`tar: the path ${name} is too long`);
}

export function tarHeader(entry: TarEntry): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const [prefix, name] = splitName(entry.type === 'directory' ? `${entry.name}/` : entry.name);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, entry.mode & 0o7777);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, entry.type === 'file' ? entry.size : 0);
  writeOctal(block, 136, 12, Math.floor(entry.mtime / 1000));
  block.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  block[156] = entry.type === 'file' ? 0x30 : 0x35;
  writeString(block, 257, 6, 'ustar\0');
  writeString(block, 263, 2, '00');
  writeString(block, 345, 155, prefix);
  writeOctal(block, 148, 7, checksum(block));
  block[155] = 0x20;
  return block;
}

function checksum(block: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

/** Zero bytes that round an entry's data up to whole blocks. */
export function padding(size: number): Uint8Array {
  return new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE = new Uint8Array(BLOCK * 2);

export class TarFormatError extends Error {}

function readString(block: Uint8Array, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  try {
    return decoder.decode(end < 0 ? field : field.subarray(0, end));
  } catch {
    throw new TarFormatError('tar: a header holds a name that is not UTF-8');
  }
}

function readOctal(block: Uint8Array, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]{1,12}$/.test(text)) throw new TarFormatError('tar: a header holds a malformed number');
  return parseInt(text, 8);
}

/**
 * One header block: the entry it announces, `null` for the end of the archive (a zero block), or
 * a TarFormatError for anything this format does not make (links, extended headers, a bad
 * checksum). Names are returned as written; the caller judges them.
 */
export function parseTarHeader(block: Uint8Array): TarEntry | null {
  if (block.every((b) => b === 0)) return null;
  if (readOctal(block, 148, 8) !== checksum(block))
    throw new TarFormatError('tar: a header checksum is wrong');
  const flag = String.fromCharCode(block[156]!);
  const type = flag === '0' || flag === '\0' ? 'file' : flag === '5' ? 'directory' : undefined;
  if (!type)
    throw new TarFormatError(`tar: an entry of type "${flag}" (links and extended headers are refused)`);
  const prefix = readString(block, 345, 155);
  const base = readString(block, 0, 100);
  const name = (prefix ? `${prefix}/${base}` : base).replace(/\/$/, '');
  return {
    name,
    type,
    size: type === 'file' ? readOctal(block, 124, 12) : 0,
    mode: readOctal(block, 100, 8),
    mtime: readOctal(block, 136, 12) * 1000,
  };
}

import { decodeWindows1252, detectEncoding } from './text-encoding.js';

/**
 * What an upload that is not text (and not a ZIP archive) is, from its first bytes: issue 26 found
 * a PNG previewed as 26 "memories". Anything named here, or any head with a NUL byte or too many
 * control characters or undecodable bytes, is refused before a job is made. Only signatures
 * no line of text starts with are listed; the rest (MP3, bzip2, Windows programs) fail the
 * NUL-byte and odd-byte checks.
 */
const MAGIC: { name: string; at?: number; bytes: string }[] = [
  { name: 'a PNG image', bytes: '\x89PNG\r\n\x1a\n' },
  { name: 'a JPEG image', bytes: '\xff\xd8\xff' },
  { name: 'a GIF image', bytes: 'GIF87a' },
  { name: 'a GIF image', bytes: 'GIF89a' },
  { name: 'a WebP image or a WAV or AVI file', bytes: 'RIFF' },
  { name: 'a PDF document', bytes: '%PDF-' },
  { name: 'a gzip-compressed file (decompress it first)', bytes: '\x1f\x8b' },
  { name: 'an xz-compressed file (decompress it first)', bytes: '\xfd7zXZ\x00' },
  { name: 'a 7-Zip archive', bytes: '7z\xbc\xaf\x27\x1c' },
  { name: 'a RAR archive', bytes: 'Rar!\x1a\x07' },
  { name: 'an SQLite database', bytes: 'SQLite format 3\x00' },
  { name: 'an old Microsoft Office document', bytes: '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1' },
  { name: 'a program (ELF)', bytes: '\x7fELF' },
  { name: 'a video or audio file (MP4)', at: 4, bytes: 'ftyp' },
  { name: 'UTF-16 text (save it as UTF-8)', bytes: '\xff\xfe' },
  { name: 'UTF-16 text (save it as UTF-8)', bytes: '\xfe\xff' },
];

/**
 * Share of a text head, decoded, that may be control characters or undecodable bytes: text in
 * UTF-8 or Windows-1252 has next to none; random or compressed bytes about 13%.
 */
export const TEXT_SNIFF = { maxOddShare: 0.05 } as const;

/** Why this head is not an import file's text, or undefined when it looks like text. */
export function notTextReason(head: Buffer): string | undefined {
  for (const m of MAGIC) {
    const magic = Buffer.from(m.bytes, 'latin1');
    const at = m.at ?? 0;
    if (head.length >= at + magic.length && head.subarray(at, at + magic.length).equals(magic)) {
      return `This file is ${m.name}, not an export or a list of memories`;
    }
  }
  if (head.includes(0))
    return 'This file is binary (it holds NUL bytes), not an export or a list of memories';
  // Read as the import would read it (UTF-8, or Windows-1252 when mostly not UTF-8), text has
  // next to no control characters and no undecodable bytes; random or compressed bytes have ~13%.
  const sample = head.length > 3 ? head.subarray(0, head.length - 3) : head;
  const text = detectEncoding(sample) === 'utf8' ? sample.toString('utf8') : decodeWindows1252(sample);
  let odd = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const control =
      (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || (c >= 0x7f && c <= 0x9f);
    if (control || c === 0xfffd) odd++;
  }
  if (text.length > 0 && odd / text.length > TEXT_SNIFF.maxOddShare) {
    return 'This file is not text (nor a ZIP archive of notes): it cannot be imported';
  }
  return undefined;
}

/** The upload is not text: refused with the reason (415). */
export class NotTextError extends Error {}

/**
 * The two encodings an import file's text is read in: UTF-8, what every current tool writes, and
 * Windows-1252, what older Windows editors wrote (a superset of Latin-1's printable range). A
 * file is read as Windows-1252 only when its head is mostly not UTF-8, so "café" is kept rather
 * than turned into U+FFFD, and a UTF-8 file with a damaged byte or two stays UTF-8.
 */
export type TextEncoding = 'utf8' | 'windows-1252';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Windows-1252's 0x80-0x9F (WHATWG Encoding, index-windows-1252); the rest of the byte range is
 * ISO-8859-1's, the code point of the same number. Spelled out because Node 20's TextDecoder
 * decodes "windows-1252" as ISO-8859-1, turning curly quotes into invisible control characters.
 */
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

const CP1252 = Uint16Array.from({ length: 256 }, (_, b) =>
  b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
);

/** Windows-1252 bytes as text; one byte a character, so a file's chunks decode one by one. */
export function decodeWindows1252(data: Buffer): string {
  const units = new Uint16Array(data.length);
  for (let i = 0; i < data.length; i++) units[i] = CP1252[data[i]!]!;
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('utf16le');
}

/** A note's text (a whole entry of an archive): UTF-8 when it is valid UTF-8, or else Windows-1252. */
export function decodeNote(data: Buffer): string {
  try {
    return strictUtf8.decode(data);
  } catch {
    return decodeWindows1252(data);
  }
}

/** Which encoding a file's head is in (see the file comment). */
export function detectEncoding(head: Buffer): TextEncoding {
  // The head may end inside a character: leave its last 3 bytes out of the test.
  const sample = head.length > 3 ? head.subarray(0, head.length - 3) : head;
  try {
    strictUtf8.decode(sample);
    return 'utf8';
  } catch {
    let broken = 0;
    let wide = 0;
    for (const ch of sample.toString('utf8')) {
      if (ch === '\uFFFD') broken++;
      else if (ch.codePointAt(0)! > 0x7f) wide++;
    }
    return wide >= broken ? 'utf8' : 'windows-1252';
  }
}

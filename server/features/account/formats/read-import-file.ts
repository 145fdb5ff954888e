import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { StringDecoder } from 'node:string_decoder';
import type { ImportFormat } from '../../../../contract/account.js';
import { turnTaker } from '../../../lib/turns.js';
import { NotTextError, notTextReason } from './binary-file.js';
import { type ParsedItem, UnreadableFileError } from './import-item.js';
import { JsonArrayStream } from './json-array-stream.js';
import { isNoteFile, noteToItem } from './markdown-notes.js';
import { entityToItem, isRelation, type McpRelation } from './mcp-memory.js';
import { memoryToItem } from './mem0.js';
import { LineCollector } from './text-lines.js';
import { readZip } from './zip-reader.js';

/**
 * Which importer reads a file, from its first bytes (never from its name): a ZIP archive of
 * notes, the MCP memory server's JSON lines, a Cairn export, a mem0 / OpenMemory export, or else
 * plain text with a memory per line.
 */
export function detectFormat(head: Buffer): ImportFormat {
  if (head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return 'markdown-zip';
  if (head.subarray(0, 4).equals(Buffer.from('PK\x05\x06', 'latin1'))) return 'markdown-zip';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/u, '')
    .trimStart();
  if (text.startsWith('{')) {
    const firstLine = text.split('\n', 1)[0] ?? '';
    try {
      const first = JSON.parse(firstLine) as { type?: unknown };
      if (first.type === 'entity' || first.type === 'relation') return 'mcp-memory';
    } catch {
      // A pretty-printed JSON document: its first line alone is not JSON.
    }
    if (/"format"\s*:\s*"cairn-export"/u.test(text)) return 'cairn';
    return /"(?:memory|memories|results)"\s*:/u.test(text) ? 'mem0' : 'cairn';
  }
  if (text.startsWith('[') && /^\[\s*(?:[{"\]]|$)/u.test(text)) {
    return /"memory"\s*:/u.test(text) ? 'mem0' : 'cairn';
  }
  return 'text';
}

const HEAD_BYTES = 64 * 1024;

/** The file's format; a file that is neither text nor a ZIP archive throws NotTextError. */
export async function detectFileFormat(path: string): Promise<ImportFormat> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    const format = detectFormat(head.subarray(0, bytesRead));
    const notText = format === 'markdown-zip' ? undefined : notTextReason(head.subarray(0, bytesRead));
    if (notText) throw new NotTextError(notText);
    return format;
  } finally {
    await handle.close();
  }
}

/**
 * Every item of a file in the given format, read from disk a chunk at a time. Parsing is CPU work
 * on the event loop, and a generator's yield is only a microtask: the event loop is given away
 * every TURN_BUDGET_MS so other people's requests (and the health check) are answered meanwhile.
 */
export async function* readImportFile(path: string, format: ImportFormat): AsyncGenerator<ParsedItem> {
  const turns = turnTaker();
  for await (const item of readFormat(path, format)) {
    yield item;
    await turns.pause();
  }
}

function readFormat(path: string, format: ImportFormat): AsyncGenerator<ParsedItem> {
  switch (format) {
    case 'markdown-zip':
      return readNotes(path);
    case 'mcp-memory':
      return readMcpMemory(path);
    case 'text':
      return readLines(path);
    case 'cairn':
    case 'mem0':
      return readJsonRecords(path);
  }
}

async function* readJsonRecords(path: string): AsyncGenerator<ParsedItem> {
  const splitter = new JsonArrayStream(['traces', 'memories', 'results', 'items', 'data']);
  const decoder = new StringDecoder('utf8');
  let n = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    for (const text of splitter.push(decoder.write(chunk as Buffer))) {
      n++;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        yield { label: `item ${n}`, error: 'is not valid JSON' };
        continue;
      }
      yield memoryToItem(value, `item ${n}`);
    }
  }
  if (!splitter.found)
    yield { label: 'file', error: 'no list of memories found (expected "traces" or "memories")' };
  else if (!splitter.complete) {
    // Issue 26: a document cut in half was imported as its first half, with no word about the rest.
    throw new UnreadableFileError(
      `The file ends in the middle of its list of memories after ${n} of them: it was cut short (an interrupted download or copy?). Upload the complete file`,
    );
  }
}

function lines(path: string) {
  return createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
}

async function* readLines(path: string): AsyncGenerator<ParsedItem> {
  const collector = new LineCollector();
  let n = 0;
  for await (const line of lines(path)) {
    const done = collector.push(n === 0 ? line.replace(/^\uFEFF/u, '') : line, ++n);
    if (done) yield done;
  }
  const last = collector.flush();
  if (last) yield last;
}

/**
 * Two passes over the file on disk: relations first (usually far fewer than entities), so each
 * entity's trace can carry its relations without holding the entities in memory.
 */
async function* readMcpMemory(path: string): AsyncGenerator<ParsedItem> {
  const relations = new Map<string, McpRelation[]>();
  const turns = turnTaker();
  for await (const line of lines(path)) {
    await turns.pause();
    if (!line.includes('"relation"')) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isRelation(value)) relations.set(value.from, [...(relations.get(value.from) ?? []), value]);
    } catch {
      // Reported in the second pass.
    }
  }
  let n = 0;
  for await (const line of lines(path)) {
    n++;
    if (!line.trim()) continue;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line) as Record<string, unknown>;
    } catch {
      yield { label: `line ${n}`, error: 'is not valid JSON' };
      continue;
    }
    if (value?.type === 'relation') continue;
    if (value?.type !== 'entity') {
      yield { label: `line ${n}`, error: 'is neither an entity nor a relation' };
      continue;
    }
    const name = typeof value.name === 'string' ? value.name : '';
    yield entityToItem(value, relations.get(name) ?? [], `line ${n}${name ? ` (${name})` : ''}`);
  }
}

async function* readNotes(path: string): AsyncGenerator<ParsedItem> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const source = {
      size,
      // readZip checks every position and length against the size before asking.
      read: async (position: number, length: number) => {
        const buf = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buf, 0, length, position);
        return buf.subarray(0, bytesRead);
      },
    };
    for await (const entry of readZip(source, { wants: (name) => !unsafePath(name) && isNoteFile(name) })) {
      if (entry.data) yield noteToItem(entry.name, decodeNote(entry.data));
      else yield { label: entry.name, skipped: skipReason(entry.name) };
    }
  } finally {
    await handle.close();
  }
}

/**
 * A name that would leave the archive's folder if it were unpacked: "..", or an absolute or
 * drive path, which APPNOTE 4.4.17 forbids. Such an entry is never read, only reported.
 */
function unsafePath(name: string): boolean {
  return /^([\\/]|[A-Za-z]:)/u.test(name) || name.split(/[\\/]/u).includes('..');
}

function skipReason(name: string): string {
  if (unsafePath(name)) return 'skipped: its path leaves the archive (".." or an absolute path)';
  if (name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX')) {
    return 'skipped: a hidden or system file, not a note';
  }
  return 'skipped: not a note (an attachment or another kind of file)';
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Windows-1252's 0x80-0x9F (WHATWG Encoding, index-windows-1252); the rest of the byte range is
 * ISO-8859-1's, the code point of the same number. Spelled out because Node 20's TextDecoder
 * decodes "windows-1252" as ISO-8859-1, turning curly quotes into invisible control characters.
 */
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function decodeWindows1252(data: Buffer): string {
  let out = '';
  for (const byte of data) {
    out += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return out;
}

/**
 * A note's text: UTF-8 when it is valid UTF-8 (what every current editor writes), or else
 * Windows-1252 (a superset of Latin-1's printable range), which older Windows editors wrote, so
 * "café" is kept rather than turned into U+FFFD.
 */
export function decodeNote(data: Buffer): string {
  try {
    return strictUtf8.decode(data);
  } catch {
    return decodeWindows1252(data);
  }
}

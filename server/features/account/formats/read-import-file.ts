import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { ImportFormat } from '../../../../contract/account.js';
import { TRACE_LIMITS } from '../../../../contract/traces.js';
import { turnTaker } from '../../../lib/turns.js';
import { NotTextError, notTextReason } from './binary-file.js';
import { type ParsedItem, UnreadableFileError } from './import-item.js';
import { JsonArrayStream, OVERSIZED } from './json-array-stream.js';
import { commonRoot, isNoteFile, noteToItem, projectOfPath } from './markdown-notes.js';
import { entityToItem, isRelation, type McpRelation } from './mcp-memory.js';
import { type CategoryNames, memoryToItem } from './mem0.js';
import { LineCollector } from './text-lines.js';
import { decodeNote, decodeWindows1252, detectEncoding, type TextEncoding } from './text-encoding.js';
import { type ByteSource, readZip, ZIP_LIMITS } from './zip-reader.js';

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

/**
 * A JSON list's element or a line longer than this is reported without being kept or parsed: a
 * memory holds at most TRACE_LIMITS.contentMax characters (20,000; as JSON escapes at most 6
 * each), so nothing this long is one, and holding it would let one line fill the memory.
 */
export const MAX_RECORD_CHARS = 1024 * 1024;
const tooLong = `is longer than ${MAX_RECORD_CHARS} characters; a memory holds at most ${TRACE_LIMITS.contentMax}`;

/** The file's format; a file that is neither text nor a ZIP archive throws NotTextError. */
async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function detectFileFormat(path: string): Promise<ImportFormat> {
  const head = await readHead(path);
  const format = detectFormat(head);
  const notText = format === 'markdown-zip' ? undefined : notTextReason(head);
  if (notText) throw new NotTextError(notText);
  return format;
}

/**
 * Every item of a file in the given format, read from disk a chunk at a time. Parsing is CPU work
 * on the event loop, and a generator's yield is only a microtask: the event loop is given away
 * every TURN_BUDGET_MS so other people's requests (and the health check) are answered meanwhile.
 */
export async function* readImportFile(path: string, format: ImportFormat): AsyncGenerator<ParsedItem> {
  const turns = turnTaker();
  const encoding = format === 'markdown-zip' ? 'utf8' : detectEncoding(await readHead(path));
  for await (const item of readFormat(path, format, encoding)) {
    yield item;
    await turns.pause();
  }
}

function readFormat(path: string, format: ImportFormat, encoding: TextEncoding): AsyncGenerator<ParsedItem> {
  switch (format) {
    case 'markdown-zip':
      return readNotes(path);
    case 'mcp-memory':
      return readMcpMemory(path, encoding);
    case 'text':
      return readLines(path, encoding);
    case 'cairn':
      return readJsonRecords(() => textChunks(path, encoding));
    case 'mem0':
      return readJsonRecords(() => textChunks(path, encoding), { joinCategories: true });
  }
}

/** The file's text a chunk at a time, in its encoding (a UTF-8 character split across chunks is joined). */
async function* textChunks(path: string, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    yield encoding === 'utf8' ? decoder.write(chunk as Buffer) : decodeWindows1252(chunk as Buffer);
  }
  if (encoding === 'utf8') yield decoder.end();
}

/** A buffer's UTF-8 text in chunks, the event loop given away between them. */
async function* bufferChunks(data: Buffer): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  const turns = turnTaker();
  for (let at = 0; at < data.length; at += 256 * 1024) {
    yield decoder.write(data.subarray(at, at + 256 * 1024));
    await turns.pause();
  }
  yield decoder.end();
}

/** OpenMemory has a few dozen categories; a file claiming more than this is not one to trust. */
const MAX_CATEGORIES = 10_000;

/**
 * OpenMemory's memories.json lists categories apart ({id, name}) and gives each memory their ids:
 * a first pass over the document collects the names. A list whose elements are not {id, name}
 * (a plain mem0 list at the root) gives none.
 */
async function categoryNames(chunks: () => AsyncIterable<string>): Promise<CategoryNames> {
  const names = new Map<string, string>();
  const splitter = new JsonArrayStream(['categories'], 64 * 1024);
  for await (const chunk of chunks()) {
    for (const text of splitter.push(chunk)) {
      if (text === OVERSIZED || names.size >= MAX_CATEGORIES) continue;
      try {
        const c = JSON.parse(text) as { id?: unknown; name?: unknown };
        if (typeof c?.id === 'string' && typeof c.name === 'string') names.set(c.id, c.name);
      } catch {
        // Not a category: the memories' pass reports what is wrong with the file.
      }
    }
    if (splitter.found && splitter.complete) break;
  }
  return names;
}

async function* readJsonRecords(
  chunks: () => AsyncIterable<string>,
  options: { joinCategories?: boolean } = {},
): AsyncGenerator<ParsedItem> {
  const categories = options.joinCategories ? await categoryNames(chunks) : undefined;
  const splitter = new JsonArrayStream(['traces', 'memories', 'results', 'items', 'data'], MAX_RECORD_CHARS);
  let n = 0;
  for await (const chunk of chunks()) {
    for (const text of splitter.push(chunk)) {
      n++;
      if (text === OVERSIZED) {
        yield { label: `item ${n}`, error: tooLong };
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        yield { label: `item ${n}`, error: 'is not valid JSON' };
        continue;
      }
      yield memoryToItem(value, `item ${n}`, categories);
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

/**
 * The file's lines (\n, \r\n or a lone \r ends one), each cut at MAX_RECORD_CHARS + 1 so a
 * line of a hundred megabytes is never held: past the limit it is reported, not read.
 */
async function* lines(path: string, encoding: TextEncoding): AsyncGenerator<string> {
  let partial = '';
  let full = false;
  const complete = function* (line: string) {
    // A lone \r (classic Mac OS) ends a line too; \r\n's \r is the end of its line.
    yield* line.replace(/\r$/u, '').split('\r');
  };
  for await (const chunk of textChunks(path, encoding)) {
    const parts = chunk.split('\n');
    for (let i = 0; i < parts.length; i++) {
      if (!full) {
        partial += parts[i]!;
        if (partial.length > MAX_RECORD_CHARS) {
          partial = partial.slice(0, MAX_RECORD_CHARS + 1);
          full = true;
        }
      }
      if (i < parts.length - 1) {
        yield* complete(partial);
        partial = '';
        full = false;
      }
    }
  }
  if (partial) yield* complete(partial);
}

async function* readLines(path: string, encoding: TextEncoding): AsyncGenerator<ParsedItem> {
  const collector = new LineCollector();
  let n = 0;
  for await (const line of lines(path, encoding)) {
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
async function* readMcpMemory(path: string, encoding: TextEncoding): AsyncGenerator<ParsedItem> {
  const relations = new Map<string, McpRelation[]>();
  const turns = turnTaker();
  for await (const line of lines(path, encoding)) {
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
  for await (const line of lines(path, encoding)) {
    n++;
    if (!line.trim()) continue;
    if (line.length > MAX_RECORD_CHARS) {
      yield { label: `line ${n}`, error: tooLong };
      continue;
    }
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

/**
 * OpenMemory's backup (its POST /api/v1/backup/export): memories.json, the full export with
 * categories and states, beside memories.jsonl.gz, the same memories again for re-embedding. Read
 * up to this size: ~600 bytes a memory pretty-printed, so some 50,000 memories.
 */
export const OPENMEMORY_JSON_BYTES = 32 * 1024 * 1024;
const OPENMEMORY_JSON = /(^|\/)memories\.json$/u;

async function* readNotes(path: string): AsyncGenerator<ParsedItem> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const source: ByteSource = {
      size,
      // readZip checks every position and length against the size before asking.
      read: async (position: number, length: number) => {
        const buf = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buf, 0, length, position);
        return buf.subarray(0, bytesRead);
      },
    };
    // The names first (nothing inflated): an archive with memories.json and no notes is
    // OpenMemory's backup, which a reader of notes would call empty (issue 26).
    const names: string[] = [];
    for await (const entry of readZip(source, { wants: () => false })) names.push(entry.name);
    const backup = names.find((name) => OPENMEMORY_JSON.test(name) && !unsafePath(name));
    if (backup && !names.some((name) => !unsafePath(name) && isNoteFile(name))) {
      yield* readOpenMemoryBackup(source, backup, names);
      return;
    }
    // A note's top-level folder is its project (ADR 0029), under the folder they all share.
    const root = commonRoot(names.filter((name) => !unsafePath(name) && isNoteFile(name)));
    for await (const entry of readZip(source, { wants: (name) => !unsafePath(name) && isNoteFile(name) })) {
      if (entry.data) yield noteToItem(entry.name, decodeNote(entry.data), projectOfPath(entry.name, root));
      else yield { label: entry.name, skipped: skipReason(entry.name) };
    }
  } finally {
    await handle.close();
  }
}

async function* readOpenMemoryBackup(
  source: ByteSource,
  backup: string,
  names: readonly string[],
): AsyncGenerator<ParsedItem> {
  let data: Buffer | null = null;
  const limits = { ...ZIP_LIMITS, entryBytes: OPENMEMORY_JSON_BYTES };
  for await (const entry of readZip(source, { wants: (name) => name === backup, limits })) {
    if (entry.data) data = entry.data;
  }
  if (!data) return;
  const text = data;
  yield* readJsonRecords(() => bufferChunks(text), { joinCategories: true });
  for (const name of names) {
    if (name === backup) continue;
    yield {
      label: name,
      skipped: name.endsWith('memories.jsonl.gz')
        ? 'skipped: the same memories as memories.json, which was read'
        : skipReason(name),
    };
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

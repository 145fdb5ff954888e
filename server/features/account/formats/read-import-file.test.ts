// Pure (plus the file system): each fixture format is detected from its content and read into
// the items the import would save, with a reason for each bad one.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeZip } from './zip.js';
import type { ParsedItem } from './import-item.js';
import {
  detectFileFormat,
  MAX_RECORD_CHARS,
  OPENMEMORY_JSON_BYTES,
  readImportFile,
} from './read-import-file.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../tests/fixtures/import');

/** Copies a fixture under a neutral name: the format must come from the content alone. */
async function read(fixture: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cairn-fixture-')), 'upload.bin');
  copyFileSync(path.join(FIXTURES, fixture), file);
  const format = await detectFileFormat(file);
  const items: ParsedItem[] = [];
  for await (const item of readImportFile(file, format)) items.push(item);
  return { format, items };
}

async function readText(text: string | Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cairn-text-')), 'upload.bin');
  writeFileSync(file, text);
  const format = await detectFileFormat(file);
  const items: ParsedItem[] = [];
  for await (const item of readImportFile(file, format)) items.push(item);
  return { format, items };
}

/** The shape of OpenMemory's backup (openmemory/api/app/routers/backup.py, POST /api/v1/backup/export). */
function openMemoryBackup() {
  const memory = (id: string, content: string, state: string, categoryIds: string[], extra = {}) => ({
    id,
    user_id: 'u1',
    app_id: 'a1',
    content,
    metadata: {},
    state,
    created_at: '2025-04-02T09:00:00+00:00',
    updated_at: '2025-04-02T09:00:00+00:00',
    archived_at: null,
    deleted_at: null,
    category_ids: categoryIds,
    ...extra,
  });
  return {
    user: { id: 'u1', user_id: 'sam', name: null, email: null },
    apps: [{ id: 'a1', name: 'openmemory', is_active: true }],
    categories: [
      { id: 'c-food', name: 'food', description: null },
      { id: 'c-health', name: 'Health', description: null },
      { id: 'c-work', name: 'work', description: null },
    ],
    memories: [
      memory('m1', 'Is vegetarian', 'active', ['c-food', 'c-health']),
      memory('m2', 'Used to live in Paris', 'archived', ['c-food'], {
        archived_at: '2025-05-01T00:00:00+00:00',
      }),
      memory('m3', 'Typo memory', 'deleted', [], { deleted_at: '2025-05-02T00:00:00+00:00' }),
      memory('m4', 'Works on the data platform team', 'paused', ['c-work', 'c-unknown']),
    ],
    memory_categories: [{ memory_id: 'm1', category_id: 'c-food' }],
    status_history: [],
    access_controls: [],
    export_meta: { version: '1' },
  };
}

const OPENMEMORY_ITEMS = [
  {
    label: 'item 1',
    trace: {
      title: null,
      content: 'Is vegetarian',
      tags: ['food', 'health'],
      created_at: '2025-04-02T09:00:00.000Z',
    },
  },
  { label: 'item 2', skipped: 'skipped: archived in OpenMemory' },
  { label: 'item 3', skipped: 'skipped: deleted in OpenMemory' },
  {
    label: 'item 4',
    trace: {
      title: null,
      content: 'Works on the data platform team',
      category: 'work',
      tags: ['work'],
      created_at: '2025-04-02T09:00:00.000Z',
    },
  },
];

async function zipOf(entries: { name: string; data: Buffer }[]) {
  const parts: Buffer[] = [];
  for await (const part of writeZip(entries)) parts.push(part);
  return Buffer.concat(parts);
}

describe('reading import files', () => {
  it("reads OpenMemory's backup zip: memories.json with its categories joined, archived and deleted ones left out", async () => {
    const backup = openMemoryBackup();
    const jsonl = backup.memories.map((m) =>
      JSON.stringify({ id: m.id, content: m.content, state: m.state }),
    );
    const { format, items } = await readText(
      await zipOf([
        { name: 'memories.json', data: Buffer.from(JSON.stringify(backup, null, 2)) },
        { name: 'memories.jsonl.gz', data: gzipSync(jsonl.join('\n')) },
      ]),
    );
    expect(format).toBe('markdown-zip');
    expect(items).toEqual([
      ...OPENMEMORY_ITEMS,
      { label: 'memories.jsonl.gz', skipped: 'skipped: the same memories as memories.json, which was read' },
    ]);
  });

  it("reads OpenMemory's memories.json on its own the same way", async () => {
    const { format, items } = await readText(JSON.stringify(openMemoryBackup(), null, 2));
    expect(format).toBe('mem0');
    expect(items).toEqual(OPENMEMORY_ITEMS);
  });

  it('refuses an OpenMemory backup whose memories.json inflates past its limit, while inflating', async () => {
    const huge = Buffer.alloc(OPENMEMORY_JSON_BYTES + 1024, 0x20);
    const file = await zipOf([{ name: 'memories.json', data: huge }]);
    expect(file.length).toBeLessThan(1024 * 1024);
    await expect(readText(file)).rejects.toThrow(/memories\.json" inflates past 33554432 bytes/);
  });

  it('reads a Cairn export, keeping every field and reporting the item without content', async () => {
    const { format, items } = await read('cairn-export.json');
    expect(format).toBe('cairn');
    expect(items).toEqual([
      {
        label: 'item 1',
        trace: {
          title: 'Coffee',
          content: 'I take my coffee black, no sugar.',
          category: 'preference',
          importance: 'low',
          tags: ['food', 'morning'],
          created_at: '2025-06-01T08:00:00.000Z',
        },
      },
      expect.objectContaining({
        label: 'item 2',
        trace: expect.objectContaining({ title: null, importance: 'high' }),
      }),
      { label: 'item 3', error: 'has no memory, text or content' },
      expect.objectContaining({
        label: 'item 4',
        trace: expect.objectContaining({ content: 'Allergic to penicillin.' }),
      }),
    ]);
  });

  it('reads the MCP memory graph: entities with their observations and relations', async () => {
    const { format, items } = await read('mcp-memory.jsonl');
    expect(format).toBe('mcp-memory');
    expect(items).toEqual([
      {
        label: 'line 1 (John Smith)',
        trace: {
          title: 'John Smith',
          content: 'Speaks fluent Spanish\nGraduated in 2019\nworks at Anthropic',
          tags: ['person'],
        },
      },
      {
        label: 'line 2 (Anthropic)',
        trace: { title: 'Anthropic', content: 'AI safety company', tags: ['organization'] },
      },
      {
        label: 'line 4 (Prefers dark mode)',
        trace: {
          title: 'Prefers dark mode',
          content: 'Uses dark mode in every editor',
          category: 'preference',
        },
      },
      { label: 'line 5', error: 'an entity needs a name' },
      { label: 'line 6', error: 'is not valid JSON' },
    ]);
  });

  it('reads a mem0 / OpenMemory export: memory or text, dates, categories as tags', async () => {
    const { format, items } = await read('mem0-export.json');
    expect(format).toBe('mem0');
    expect(items).toEqual([
      {
        label: 'item 1',
        trace: {
          title: null,
          content: 'Is vegetarian and avoids nuts',
          category: 'preference',
          tags: ['food', 'health', 'preference'],
          created_at: '2025-02-10T17:15:00.000Z',
        },
      },
      {
        label: 'item 2',
        trace: {
          title: null,
          content: 'Works as a data engineer at a logistics company',
          category: 'work',
          tags: ['work'],
          created_at: '2025-03-01T10:00:00.000Z',
        },
      },
      { label: 'item 3', trace: { title: null, content: 'Lives in Lisbon' } },
      { label: 'item 4', error: 'has no memory, text or content' },
    ]);
  });

  it('reads a .zip of Markdown notes with front matter, reporting attachments as skipped', async () => {
    const { format, items } = await read('obsidian-notes.zip');
    expect(format).toBe('markdown-zip');
    const byLabel = Object.fromEntries(items.map((i) => [i.label, i]));
    expect(Object.keys(byLabel).sort()).toEqual([
      'vault/Empty.md',
      'vault/Garden.md',
      'vault/Projects/Cairn.md',
      'vault/Untitled.md',
      'vault/picture.png',
    ]);
    expect(byLabel['vault/picture.png']).toEqual({
      label: 'vault/picture.png',
      skipped: 'skipped: not a note (an attachment or another kind of file)',
    });
    expect(byLabel['vault/Garden.md']).toEqual({
      label: 'vault/Garden.md',
      trace: {
        title: 'Garden plans',
        content: 'Plant tomatoes after the last frost; the raised bed gets sun all afternoon.',
        category: 'personal',
        importance: 'medium',
        tags: ['gardening', 'spring-plans'],
        created_at: '2025-04-01T09:00:00.000Z',
      },
    });
    expect(byLabel['vault/Projects/Cairn.md']).toMatchObject({
      trace: { title: 'Cairn: import formats', tags: ['cairn', 'work'], category: 'work' },
    });
    // No `title:`: the file's name is the title, as in Obsidian's own list.
    expect(byLabel['vault/Untitled.md']).toMatchObject({ trace: { title: 'Untitled' } });
    expect(byLabel['vault/Empty.md']).toMatchObject({ error: expect.stringMatching(/content/i) });
  });

  it('reads pasted lines and bullets, joining continuations and skipping headings and rules', async () => {
    const { format, items } = await read('chatgpt-memories.md');
    expect(format).toBe('text');
    expect(
      items.map((i) => ('trace' in i ? [i.label, i.trace.content] : [i.label, JSON.stringify(i)])),
    ).toEqual([
      ['line 3', 'Prefers concise answers with code examples'],
      ['line 4', 'Is training for a marathon in October and runs four times a week'],
      ['line 6', 'Has a cat named Miso'],
      ['line 7', 'Uses Neovim as the main editor'],
      ['line 10', 'Likes Portuguese food'],
      ['line 11', 'Prefers concise answers with code examples'],
    ]);
  });

  it('tells JSON lines, JSON documents and text apart by content', async () => {
    expect((await readText('[{"memory":"a"}]')).format).toBe('mem0');
    expect((await readText('[{"content":"a"}]')).format).toBe('cairn');
    expect((await readText('[citation needed] is a phrase')).format).toBe('text');
    expect((await readText('{"broken": ')).items).toEqual([
      { label: 'file', error: 'no list of memories found (expected "traces" or "memories")' },
    ]);
  });

  it('decodes a Windows-1252 note, and reports every entry it leaves out', async () => {
    const entries = [
      {
        name: 'vault/Café.md',
        data: Buffer.from('Aime le café crème, à Orléans – “toujours”.\n', 'utf8'),
      },
      {
        name: 'vault/Old.md',
        data: Buffer.from([...Buffer.from('Crème brûlée ', 'latin1'), 0x93, 0x6f, 0x6b, 0x94]),
      },
      { name: '../escape.md', data: Buffer.from('outside') },
      { name: '/etc/notes.md', data: Buffer.from('absolute') },
      { name: 'C:\\notes.md', data: Buffer.from('drive') },
      { name: '.obsidian/workspace.md', data: Buffer.from('settings') },
      { name: 'vault/photo.jpg', data: Buffer.from('not really a photo') },
    ];
    const parts: Buffer[] = [];
    for await (const part of writeZip(entries)) parts.push(part);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'cairn-vault-')), 'upload.bin');
    writeFileSync(file, Buffer.concat(parts));
    const items: ParsedItem[] = [];
    for await (const item of readImportFile(file, await detectFileFormat(file))) items.push(item);
    expect(items.map((i) => ('trace' in i ? i.trace.content : 'skipped' in i ? i.skipped : i.error))).toEqual(
      [
        'Aime le café crème, à Orléans – “toujours”.',
        'Crème brûlée “ok”',
        'skipped: its path leaves the archive (".." or an absolute path)',
        'skipped: its path leaves the archive (".." or an absolute path)',
        'skipped: its path leaves the archive (".." or an absolute path)',
        'skipped: a hidden or system file, not a note',
        'skipped: not a note (an attachment or another kind of file)',
      ],
    );
  });

  it('reads a Windows-1252 text or JSON file as Windows-1252, and a slightly damaged UTF-8 one as UTF-8', async () => {
    const latin = Buffer.from(
      'Aime le caf\xe9 cr\xe8me\nHabite \xe0 Orl\xe9ans \x93toujours\x94\n',
      'latin1',
    );
    const lines = (await readText(latin)).items.map((i) => ('trace' in i ? i.trace.content : ''));
    expect(lines).toEqual(['Aime le café crème', 'Habite à Orléans “toujours”']);
    const json = Buffer.from('[{"content":"Cr\xe8me br\xfbl\xe9e"}]', 'latin1');
    expect((await readText(json)).items).toEqual([
      { label: 'item 1', trace: { title: null, content: 'Crème brûlée' } },
    ]);
    const damaged = Buffer.concat([
      Buffer.from('Café, crème, brûlée, naïve\n'),
      Buffer.from([0xff]),
      Buffer.from(' ok\n'),
    ]);
    const kept = (await readText(damaged)).items.map((i) => ('trace' in i ? i.trace.content : ''));
    expect(kept[0]).toBe('Café, crème, brûlée, naïve');
  });

  it('reports a line or a JSON element past MAX_RECORD_CHARS without holding it, and keeps line breaks of every kind', async () => {
    const huge = 'x'.repeat(MAX_RECORD_CHARS + 10);
    const text = await readText(`first\r\n${huge}\nsecond\rthird\n`);
    expect(text.items.map((i) => ('trace' in i ? i.trace.content : i.label))).toEqual([
      'first',
      'line 2',
      'second',
      'third',
    ]);
    const json = await readText(
      JSON.stringify({ traces: [{ content: 'ok' }, { content: huge }, { content: 'ok 2' }] }),
    );
    expect(json.items).toEqual([
      { label: 'item 1', trace: { title: null, content: 'ok' } },
      { label: 'item 2', error: expect.stringMatching(/is longer than 1048576 characters/) },
      { label: 'item 3', trace: { title: null, content: 'ok 2' } },
    ]);
    const entity = (name: string, text: string) =>
      JSON.stringify({ type: 'entity', name, entityType: 'x', observations: [text] });
    const jsonl = await readText(`${entity('a', 'small')}\n${entity('b', huge)}\n`);
    expect(jsonl.items).toEqual([
      expect.objectContaining({ label: 'line 1 (a)' }),
      { label: 'line 2', error: expect.stringMatching(/is longer than/) },
    ]);
  });
});

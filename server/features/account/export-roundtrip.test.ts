// Real: the app through app.inject, the migrated database, the streamed exports, the import
// jobs and their runner. Faked: nothing. Every export format goes out of one account and into an
// empty one, and the traces that arrive are the traces that left (in the fields the format keeps).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';
import { bufferSource, readZip } from './formats/zip-reader.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type User = Awaited<ReturnType<typeof signUpAndLogin>>;
type Trace = {
  title: string | null;
  content: string;
  category: string;
  importance: string;
  tags: string[];
  created_at: string;
  project: string | null;
  pinned: boolean;
};

const TRACES = [
  {
    title: 'Coffee',
    content: 'I take my coffee black.',
    category: 'preference',
    importance: 'low',
    tags: ['food'],
  },
  {
    content: 'Standup is at 9:30.\nRetro every second Friday.\n- bring notes',
    category: 'work',
    importance: 'high',
    tags: ['meetings', 'team'],
    project: 'acme/api',
    pinned: true,
  },
  {
    title: 'Quotes: "à la carte" & more',
    content: 'Unicode survives: café, 東京, emoji 🎉, a "quote" and a back\\slash.',
    category: 'fact',
    importance: 'medium',
    tags: ['unicode'],
    project: 'Notes: misc',
  },
  {
    content: 'Mia starts school on 4 September.',
    category: 'personal',
    importance: 'high',
    tags: ['family'],
  },
];

describe('export → import round trips', () => {
  let t: TestApp;
  let ann: User;
  let original: Trace[];

  const all = async (u: User): Promise<Trace[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/traces?pageSize=100', headers: u.headers })).json()
      .traces;

  async function importFile(u: User, body: Buffer) {
    const staged = await t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs',
      headers: { ...u.headers, 'content-type': 'application/octet-stream' },
      payload: body,
    });
    expect(staged.statusCode).toBe(201);
    const job = staged.json();
    await t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs/${job.id}/start`,
      headers: u.headers,
    });
    await t.app.services.importRunner.drain();
    return job as { format: string; preview: { new: number } };
  }

  const exportAs = (format: string) =>
    t.app.inject({ method: 'GET', url: `/api/account/export?format=${format}`, headers: ann.headers });

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUpAndLogin(t.app);
    for (const name of ['acme/api', 'Notes: misc']) {
      await t.app.inject({ method: 'POST', url: '/api/projects', headers: ann.headers, payload: { name } });
    }
    for (const trace of TRACES) {
      await t.app.inject({ method: 'POST', url: '/api/traces', headers: ann.headers, payload: trace });
    }
    original = await all(ann);
    expect(original).toHaveLength(TRACES.length);
  });
  afterAll(() => t.close());

  // Every field the formats keep, the project (found or created by the import) and the pin too.
  const KEYS: (keyof Trace)[] = [
    'title',
    'content',
    'category',
    'importance',
    'tags',
    'created_at',
    'project',
    'pinned',
  ];
  const byContent = (list: Trace[]) => [...list].sort((a, b) => a.content.localeCompare(b.content));
  const pick = (list: Trace[], keys: (keyof Trace)[]) =>
    byContent(list).map((x) => Object.fromEntries(keys.map((k) => [k, x[k]])));

  it('Cairn JSON: every field, dates included', async () => {
    const res = await exportAs('json');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/filename="cairn-export-\d{4}-\d{2}-\d{2}\.json"/);
    const bob = await signUpAndLogin(t.app);
    const job = await importFile(bob, res.rawPayload);
    expect(job).toMatchObject({ format: 'cairn', preview: { new: 4 } });
    const keys = KEYS;
    expect(pick(await all(bob), keys)).toEqual(pick(original, keys));
  });

  it('Markdown .zip: one Obsidian note per trace with front matter, every field back', async () => {
    const res = await exportAs('markdown');
    expect(res.headers['content-type']).toBe('application/zip');
    const notes: { name: string; text: string }[] = [];
    for await (const e of readZip(bufferSource(res.rawPayload)))
      notes.push({ name: e.name, text: String(e.data) });
    expect(notes).toHaveLength(4);
    const coffee = notes.find((n) => n.text.includes('coffee black'))!;
    expect(coffee.name).toMatch(/^cairn-\d{4}-\d{2}-\d{2}\/Coffee [0-9a-f]{8}\.md$/);
    expect(coffee.text).toMatch(
      /^---\nid: "[0-9a-f-]{36}"\ntitle: "Coffee"\ncategory: "preference"\nimportance: "low"\ntags: \["food"\]\n/,
    );
    // A project's notes in a folder of their own; a name that cannot be a folder is made one.
    const standup = notes.find((n) => n.text.includes('Standup'))!;
    expect(standup.name).toMatch(/^cairn-\d{4}-\d{2}-\d{2}\/acme - api\/Standup[^/]* [0-9a-f]{8}\.md$/);
    expect(standup.text).toContain('project: "acme/api"\npinned: "true"\n');
    expect(notes.find((n) => n.text.includes('Unicode survives'))!.name).toMatch(/\/Notes - misc\//);

    const bob = await signUpAndLogin(t.app);
    const job = await importFile(bob, res.rawPayload);
    expect(job).toMatchObject({ format: 'markdown-zip', preview: { new: 4 } });
    const keys = KEYS;
    expect(pick(await all(bob), keys)).toEqual(pick(original, keys));
  });

  it('MCP memory JSONL: everything back, tags, importance and dates in the field the official server ignores', async () => {
    const res = await exportAs('mcp-memory');
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.payload
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toContainEqual({
      type: 'entity',
      name: 'Coffee',
      entityType: 'preference',
      observations: ['I take my coffee black.'],
      cairn: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        importance: 'low',
        tags: ['food'],
        created_at: original.find((o) => o.title === 'Coffee')!.created_at,
        updated_at: expect.any(String),
      },
    });
    const bob = await signUpAndLogin(t.app);
    const job = await importFile(bob, res.rawPayload);
    expect(job).toMatchObject({ format: 'mcp-memory', preview: { new: 4 } });
    const keys = KEYS;
    expect(pick(await all(bob), keys)).toEqual(pick(original, keys));
  });

  it('an empty account exports valid, empty files', async () => {
    const eve = await signUpAndLogin(t.app);
    const json = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: eve.headers });
    expect(json.json()).toMatchObject({ format: 'cairn-export', version: 1, traces: [] });
    const zip = await t.app.inject({
      method: 'GET',
      url: '/api/account/export?format=markdown',
      headers: eve.headers,
    });
    const entries = [];
    for await (const e of readZip(bufferSource(zip.rawPayload))) entries.push(e);
    expect(entries).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/account/export?format=csv',
      headers: eve.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) with row-level security, the counters and full-text triggers, two users
// with API keys. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApiKey, type TestApp } from '../../test-support/test-app.js';

type Trace = { id: string; content: string; category: string; tags: string[] };

describe('POST /api/traces/bulk', () => {
  let t: TestApp;
  let mine: TestApiKey;
  let theirs: TestApiKey;
  let readOnly: TestApiKey;

  const create = async (key: TestApiKey, content: string, tags: string[] = []) => {
    const res = await t.as(key).post('/api/traces', { content, category: 'fact', importance: 'low', tags });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return (res.json as Trace).id;
  };
  const bulk = (key: TestApiKey, body: unknown) => t.as(key).post('/api/traces/bulk', body);
  const list = async (query = '') =>
    (await t.as(mine).get(`/api/traces${query}`)).json as { traces: Trace[]; totalCount: number };
  const stats = async () => (await t.as(mine).get('/api/stats')).json as { total_traces: number };

  beforeAll(async () => {
    t = await createTestApp();
    const me = await t.signUp();
    mine = await t.apiKey(me);
    readOnly = await t.apiKey(me, { permissions: ['read:traces'] });
    theirs = await t.apiKey(await t.signUp());
  });
  afterAll(() => t?.close());

  it('deletes several traces in one go and restores them all (Undo); others’ ids are ignored', async () => {
    const ids = [
      await create(mine, 'bulk one'),
      await create(mine, 'bulk two'),
      await create(mine, 'bulk three'),
    ];
    const keep = await create(mine, 'bulk kept');
    const other = await create(theirs, 'their bulk trace');
    const before = await list('?search=bulk');

    const deleted = await bulk(mine, { action: 'delete', ids: [...ids, other, 'not-a-uuid'] });
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    expect([...deleted.json.changed].sort()).toEqual([...ids].sort());
    const after = await list('?search=bulk');
    expect(after.traces.map((tr) => tr.id)).toEqual([keep]);
    expect(after.totalCount).toBe(before.totalCount - 3);
    // The other user's trace is untouched.
    expect((await t.as(theirs).get(`/api/traces/${other}`)).status).toBe(200);
    // Deleted traces leave full-text search too (its trigger saw every row).
    const search = await t.as(mine).post('/api/search', { query: 'bulk two' });
    expect(search.status).toBe(200);
    expect((search.json as { results: { id: string }[] }).results.map((r) => r.id)).not.toContain(ids[1]);

    const restored = await bulk(mine, { action: 'restore', ids });
    expect([...restored.json.changed].sort()).toEqual([...ids].sort());
    expect((await list('?search=bulk')).totalCount).toBe(before.totalCount);
    // Doing it again changes nothing.
    expect((await bulk(mine, { action: 'restore', ids })).json.changed).toEqual([]);
  });

  it('keeps the counters right: the unfiltered total follows a bulk delete and restore', async () => {
    const ids = [await create(mine, 'counted one'), await create(mine, 'counted two')];
    const total = (await list()).totalCount;
    await bulk(mine, { action: 'delete', ids });
    expect((await list()).totalCount).toBe(total - 2);
    expect((await stats()).total_traces).toBe(total - 2);
    await bulk(mine, { action: 'restore', ids });
    expect((await list()).totalCount).toBe(total);
  });

  it('does not restore a trace whose content an active trace now has', async () => {
    const id = await create(mine, 'restorable twin');
    await bulk(mine, { action: 'delete', ids: [id] });
    const twin = await create(mine, 'restorable twin');
    expect((await bulk(mine, { action: 'restore', ids: [id] })).json.changed).toEqual([]);
    expect((await t.as(mine).get(`/api/traces/${twin}`)).status).toBe(200);
  });

  it('changes the category of the caller’s traces only', async () => {
    const ids = [await create(mine, 'cat one'), await create(mine, 'cat two')];
    const other = await create(theirs, 'their cat');
    const res = await bulk(mine, { action: 'set_category', ids: [...ids, other], category: 'work' });
    expect([...res.json.changed].sort()).toEqual([...ids].sort());
    const work = await list('?category=work&search=cat');
    expect(work.traces.map((tr) => tr.id).sort()).toEqual([...ids].sort());
    expect(((await t.as(theirs).get(`/api/traces/${other}`)).json as Trace).category).toBe('fact');
  });

  it('adds and removes a tag (cleaned like any tag), only where it changes something', async () => {
    const tagged = await create(mine, 'tag one', ['trip']);
    const plain = await create(mine, 'tag two');
    const added = await bulk(mine, { action: 'add_tag', ids: [tagged, plain], tag: '  Trip ' });
    expect(added.json.changed).toEqual([plain]);
    expect((await list('?tags=trip')).traces.map((tr) => tr.id).sort()).toEqual([tagged, plain].sort());

    const removed = await bulk(mine, { action: 'remove_tag', ids: [tagged, plain], tag: 'trip' });
    expect([...removed.json.changed].sort()).toEqual([tagged, plain].sort());
    expect((await list('?tags=trip')).totalCount).toBe(0);
  });

  it('leaves a trace at the tag limit as it is', async () => {
    const full = await create(
      mine,
      'full of tags',
      Array.from({ length: 20 }, (_, i) => `t${i}`),
    );
    expect((await bulk(mine, { action: 'add_tag', ids: [full], tag: 'extra' })).json.changed).toEqual([]);
  });

  it('refuses bad requests with a clear error and changes nothing', async () => {
    const id = await create(mine, 'refused bulk');
    const cases: [unknown, RegExp][] = [
      [{ action: 'explode', ids: [id] }, /action must be one of/],
      [{ action: 'delete', ids: [] }, /at least one trace/],
      [{ action: 'delete', ids: Array.from({ length: 101 }, () => id) }, /at most 100/],
      [{ action: 'set_category', ids: [id], category: 'nope' }, /category/i],
      [{ action: 'add_tag', ids: [id], tag: 'a,b' }, /comma/],
      [{ action: 'add_tag', ids: [id], tag: '   ' }, /tag is required/],
    ];
    for (const [body, message] of cases) {
      const res = await bulk(mine, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe('validation_failed');
      expect(JSON.stringify(res.json)).toMatch(message);
    }
    expect((await t.as(mine).get(`/api/traces/${id}`)).status).toBe(200);
  });

  it('needs write:traces', async () => {
    const id = await create(mine, 'read only bulk');
    const res = await bulk(readOnly, { action: 'delete', ids: [id] });
    expect(res.status).toBe(403);
    expect((await t.as(mine).get(`/api/traces/${id}`)).status).toBe(200);
  });

  it('moves traces to a project and back to personal; an unknown project is a 400, a limited key a 403', async () => {
    const me = await t.signUp();
    const key = await t.apiKey(me);
    const made = await t.as(key).post('/api/projects', { name: 'acme/api' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const ids = [await create(key, 'move me one'), await create(key, 'move me two')];
    const other = await create(theirs, 'their trace, not moved');
    const projectOf = async (id: string) =>
      ((await t.as(key).get(`/api/traces/${id}`)).json as { project: string | null }).project;

    const moved = await bulk(key, { action: 'move_to_project', ids: [...ids, other], project: 'ACME/api' });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect([...moved.json.changed].sort()).toEqual([...ids].sort());
    expect(await projectOf(ids[0]!)).toBe('acme/api');
    const only = (await t.as(key).get('/api/traces?project=acme%2Fapi&project_only=true')).json as {
      traces: Trace[];
    };
    expect(only.traces.map((tr) => tr.id).sort()).toEqual([...ids].sort());
    const counted = (await t.as(key).get('/api/projects')).json as { projects: { trace_count: number }[] };
    expect(counted.projects[0]!.trace_count).toBe(2);
    // Already there: nothing changes.
    expect((await bulk(key, { action: 'move_to_project', ids, project: 'acme/api' })).json.changed).toEqual(
      [],
    );

    const unknown = await bulk(key, { action: 'move_to_project', ids, project: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('unknown_project');
    expect(await projectOf(ids[0]!)).toBe('acme/api');

    const limited = await t.apiKey(me, { project: 'acme/api' });
    const refused = await bulk(limited, { action: 'move_to_project', ids, project: null });
    expect(refused.status).toBe(403);
    expect(await projectOf(ids[1]!)).toBe('acme/api');

    const personal = await bulk(key, { action: 'move_to_project', ids: [ids[0]], project: null });
    expect(personal.json.changed).toEqual([ids[0]]);
    expect(await projectOf(ids[0]!)).toBeNull();
    expect((await t.as(theirs).get(`/api/traces/${other}`)).json.project).toBeNull();
  });
});

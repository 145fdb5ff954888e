// Real: the Fastify app on a database built by the real migrations (PGlite, or PostgreSQL under
// TEST_DATABASE_URL), people, API keys and traces made through the real routes. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test-support/test-app.js';

describe('tags across all traces: counts, rename, merge, delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const tagsOf = async (user: TestUser, id: string) => (await t.as(user).get(`/api/traces/${id}`)).json.tags;

  it('lists each tag of active traces with its count, most used first', async () => {
    const alice = await t.signUp();
    await t.trace(alice, { content: 'School run at 8.', tags: ['kids', 'school'] });
    await t.trace(alice, { content: 'Swimming on Tuesdays.', tags: ['kids', 'sport'] });
    const gone = await t.trace(alice, { content: 'Old note.', tags: ['kids', 'archive'] });
    expect((await t.as(alice).delete(`/api/traces/${gone.id}`)).status).toBe(204);

    const res = await t.as(alice).get('/api/tags');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { name: 'kids', count: 2 },
      { name: 'school', count: 1 },
      { name: 'sport', count: 1 },
    ]);
  });

  it('renames a tag everywhere, deleted traces too, keeping its place and the edit dates', async () => {
    const alice = await t.signUp();
    const a = await t.trace(alice, { content: 'Pick-up at 15:15.', tags: ['family', 'kids', 'school'] });
    const b = await t.trace(alice, { content: 'Birthday in March.', tags: ['kids'] });
    expect((await t.as(alice).delete(`/api/traces/${b.id}`)).status).toBe(204);

    const res = await t.as(alice).patch('/api/tags/kids', { name: '  Children ' });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ name: 'children', changed: 1 });
    const after = (await t.as(alice).get(`/api/traces/${a.id}`)).json;
    expect(after.tags).toEqual(['family', 'children', 'school']);
    expect(after.updated_at).toBe(a.updated_at);
    // Restoring the deleted one does not bring the old name back.
    expect((await t.as(alice).post(`/api/traces/${b.id}/restore`)).status).toBe(200);
    expect(await tagsOf(alice, b.id)).toEqual(['children']);
  });

  it('refuses a rename onto an existing tag (409 tag_exists), and merges on request, once per trace', async () => {
    const alice = await t.signUp();
    const both = await t.trace(alice, { content: 'Nursery fees due.', tags: ['kid', 'money', 'children'] });
    const one = await t.trace(alice, { content: 'Reading at bedtime.', tags: ['kids'] });

    const taken = await t.as(alice).patch('/api/tags/kid', { name: 'children' });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('tag_exists');
    expect(taken.json.details?.[0]?.path).toBe('name');
    expect(await tagsOf(alice, both.id)).toEqual(['kid', 'money', 'children']);

    const merged = await t.as(alice).post('/api/tags/merge', { tags: ['kid', 'kids'], into: 'children' });
    expect(merged.status, merged.body).toBe(200);
    expect(merged.json).toEqual({ name: 'children', changed: 2 });
    expect(await tagsOf(alice, both.id)).toEqual(['children', 'money']);
    expect(await tagsOf(alice, one.id)).toEqual(['children']);
    expect((await t.as(alice).get('/api/tags')).json).toEqual([
      { name: 'children', count: 2 },
      { name: 'money', count: 1 },
    ]);
  });

  it('deletes a tag from every trace and keeps the traces', async () => {
    const alice = await t.signUp();
    const a = await t.trace(alice, { content: 'Dentist on Friday.', tags: ['health', 'todo'] });
    const res = await t.as(alice).delete('/api/tags/todo');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ name: null, changed: 1 });
    expect(await tagsOf(alice, a.id)).toEqual(['health']);
    expect((await t.as(alice).get('/api/traces')).json.totalCount).toBe(1);
  });

  it('answers bad input clearly and loses nothing', async () => {
    const alice = await t.signUp();
    const a = await t.trace(alice, { content: 'Tea, no sugar.', tags: ['food'] });
    for (const [res, path] of [
      [await t.as(alice).patch('/api/tags/food', { name: 'a,b' }), 'name'],
      [await t.as(alice).patch('/api/tags/food', { name: '   ' }), 'name'],
      [await t.as(alice).patch('/api/tags/food', { name: 'x'.repeat(51) }), 'name'],
      [await t.as(alice).post('/api/tags/merge', { tags: [], into: 'food' }), 'tags'],
      [await t.as(alice).post('/api/tags/merge', { tags: ['food'] }), 'into'],
    ] as const) {
      expect(res.status, res.body).toBe(400);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.details?.[0]?.path).toBe(path);
    }
    expect((await t.as(alice).patch('/api/tags/nothing', { name: 'x' })).status).toBe(404);
    expect((await t.as(alice).post('/api/tags/merge', { tags: ['nothing'], into: 'food' })).status).toBe(404);
    expect(await tagsOf(alice, a.id)).toEqual(['food']);
  });

  it("never touches another person's tags, and follows the key's permissions", async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const mine = await t.trace(alice, { content: 'Alice plan.', tags: ['secret-plan'] });
    await t.trace(bob, { content: 'Bob plan.', tags: ['shared-name'] });
    await t.trace(alice, { content: 'Alice other.', tags: ['shared-name'] });

    // Bob's changes reach only Bob's traces; Alice's tag is "not found" for him.
    expect((await t.as(bob).patch('/api/tags/secret-plan', { name: 'mine-now' })).status).toBe(404);
    expect((await t.as(bob).delete('/api/tags/secret-plan')).status).toBe(404);
    expect((await t.as(bob).post('/api/tags/merge', { tags: ['secret-plan'], into: 'x' })).status).toBe(404);
    expect((await t.as(bob).delete('/api/tags/shared-name')).json.changed).toBe(1);
    expect((await t.as(bob).get('/api/tags')).json).toEqual([]);
    expect((await t.as(alice).get('/api/tags')).json.map((x: { name: string }) => x.name).sort()).toEqual([
      'secret-plan',
      'shared-name',
    ]);
    expect(await tagsOf(alice, mine.id)).toEqual(['secret-plan']);

    const reader = await t.apiKey(alice, { permissions: ['read:traces'] });
    expect((await t.as(reader).get('/api/tags')).status).toBe(200);
    const refused = await t.as(reader).delete('/api/tags/secret-plan');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('insufficient_scope');
    const writer = await t.apiKey(alice, { permissions: ['read:traces', 'write:traces'] });
    expect((await t.as(writer).patch('/api/tags/secret-plan', { name: 'plan' })).json).toEqual({
      name: 'plan',
      changed: 1,
    });
  });
});

// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) with row-level security and its triggers, people signed in through the real
// routes, API keys (one limited to a project) made through them. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceVersionList } from '../../../contract/history.js';
import { createTestApp, type TestApiKey, type TestApp, type TestUser } from '../../test-support/test-app.js';
import { TRACE_VERSIONS_KEPT } from './history.service.js';

describe('trace history: versions and restore (ADR 0033)', () => {
  let t: TestApp;
  let me: TestUser;
  let key: TestApiKey;
  let limited: TestApiKey;

  const versions = async (id: string, as: TestUser | TestApiKey = me) => {
    const res = await t.as(as).get(`/api/traces/${id}/versions`);
    return { status: res.status, body: res.json as TraceVersionList };
  };
  const jobsOf = (id: string) =>
    t.db.asSystem((tx) => tx.query('SELECT trace_id FROM embedding_jobs WHERE trace_id = $1', [id]));

  beforeAll(async () => {
    t = await createTestApp();
    me = await t.signUp();
    key = await t.apiKey(me, { name: 'Deploy script' });
    await t.as(me).post('/api/projects', { name: 'acme/api' });
    await t.as(me).post('/api/projects', { name: 'acme/web' });
    limited = await t.apiKey(me, { project: 'acme/web', name: 'web only' });
  });
  afterAll(() => t?.close());

  it('keeps the fields as they were before an edit, what changed, when and by whom', async () => {
    const created = await t.trace(me, {
      title: 'Database',
      content: 'We run PostgreSQL 15 in production.',
      category: 'work',
      importance: 'medium',
      tags: ['infra'],
    });
    expect((await versions(created.id)).body.versions).toEqual([]);

    const edited = await t.as(key).patch(`/api/traces/${created.id}`, {
      content: 'We run PostgreSQL 17 in production.',
      importance: 'high',
    });
    expect(edited.status, edited.body).toBe(200);
    const { status, body } = await versions(created.id);
    expect(status).toBe(200);
    expect(body.kept).toBe(TRACE_VERSIONS_KEPT);
    expect(body.versions).toHaveLength(1);
    expect(body.versions[0]).toMatchObject({
      version: 1,
      title: 'Database',
      content: 'We run PostgreSQL 15 in production.',
      category: 'work',
      importance: 'medium',
      tags: ['infra'],
      changed_fields: ['content', 'importance'],
      changed_by: { kind: 'api_key', id: key.id, name: 'Deploy script' },
    });
    expect(Date.parse(body.versions[0]!.changed_at)).not.toBeNaN();
    // The trace names its creator and its last writer.
    expect(edited.json.created_by).toEqual({ kind: 'web', id: null, name: 'web app' });
    expect(edited.json.updated_by).toEqual({ kind: 'api_key', id: key.id, name: 'Deploy script' });

    // An edit that changes none of the versioned fields keeps nothing; newest first after another.
    await t.as(me).patch(`/api/traces/${created.id}`, { pinned: true });
    await t.as(me).patch(`/api/traces/${created.id}`, { tags: ['infra', 'database'] });
    const after = (await versions(created.id)).body.versions;
    expect(after.map((v) => [v.version, v.changed_fields, v.changed_by?.kind])).toEqual([
      [2, ['tags'], 'web'],
      [1, ['content', 'importance'], 'api_key'],
    ]);
  });

  it('restores a version: the old content is back, the replaced one is kept, the embedding is queued again', async () => {
    const created = await t.trace(me, { content: 'The office is in Paris.', category: 'fact' });
    await t.as(me).patch(`/api/traces/${created.id}`, { content: 'The office is in Berlin.' });
    await t.as(me).patch(`/api/traces/${created.id}`, { content: 'The office is in Lisbon.' });
    await t.db.asSystem((tx) => tx.query('DELETE FROM embedding_jobs WHERE trace_id = $1', [created.id]));

    const restored = await t.as(me).post(`/api/traces/${created.id}/versions/1/restore`);
    expect(restored.status, restored.body).toBe(200);
    expect(restored.json.content).toBe('The office is in Paris.');
    // A drawn title is drawn again from the restored content.
    expect(restored.json.title).toBe(created.title);
    expect((await t.as(me).get(`/api/traces/${created.id}`)).json.content).toBe('The office is in Paris.');
    expect(await jobsOf(created.id)).toHaveLength(1);

    const list = (await versions(created.id)).body.versions;
    expect(list.map((v) => [v.version, v.content])).toEqual([
      [3, 'The office is in Lisbon.'],
      [2, 'The office is in Berlin.'],
      [1, 'The office is in Paris.'],
    ]);
    expect(list[0]!.changed_fields).toContain('content');

    // Restoring what the trace already reads changes nothing and keeps nothing.
    const again = await t.as(me).post(`/api/traces/${created.id}/versions/1/restore`);
    expect(again.status).toBe(200);
    expect((await versions(created.id)).body.versions).toHaveLength(3);
  });

  it('answers 404 for an unknown or malformed version and 409 when another trace has that content now', async () => {
    const created = await t.trace(me, { content: 'Standup is at 9:30.' });
    await t.as(me).patch(`/api/traces/${created.id}`, { content: 'Standup is at 10:00.' });
    for (const version of ['2', '0', 'x', '99999999999'])
      expect((await t.as(me).post(`/api/traces/${created.id}/versions/${version}/restore`)).status).toBe(404);
    await t.trace(me, { content: 'Standup is at 9:30.' });
    const clash = await t.as(me).post(`/api/traces/${created.id}/versions/1/restore`);
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe('duplicate_trace');
  });

  it('keeps versions from bulk edits, and at most TRACE_VERSIONS_KEPT per trace', async () => {
    const a = await t.trace(me, { content: 'Bulk history one', category: 'fact', tags: [] });
    const b = await t.trace(me, { content: 'Bulk history two', category: 'work', tags: [] });
    const bulk = await t
      .as(me)
      .post('/api/traces/bulk', { action: 'set_category', ids: [a.id, b.id], category: 'work' });
    expect(bulk.json.changed).toEqual([a.id]);
    expect((await versions(a.id)).body.versions.map((v) => [v.category, v.changed_fields])).toEqual([
      ['fact', ['category']],
    ]);
    expect((await versions(b.id)).body.versions).toEqual([]);
    await t.as(me).post('/api/traces/bulk', { action: 'add_tag', ids: [a.id, b.id], tag: 'bulk' });
    expect((await versions(b.id)).body.versions.map((v) => [v.tags, v.changed_fields])).toEqual([
      [[], ['tags']],
    ]);
    expect((await t.as(me).get(`/api/traces/${b.id}`)).json.updated_by).toMatchObject({ kind: 'web' });

    const busy = await t.trace(me, { content: 'Counter 0' });
    for (let i = 1; i <= TRACE_VERSIONS_KEPT + 2; i++)
      await t.as(key).patch(`/api/traces/${busy.id}`, { content: `Counter ${i}` });
    const kept = (await versions(busy.id)).body.versions;
    expect(kept).toHaveLength(TRACE_VERSIONS_KEPT);
    expect(kept[0]!.version).toBe(TRACE_VERSIONS_KEPT + 2);
    expect(kept.at(-1)!.version).toBe(3);
  });

  it("hides another project's trace's versions from a project-limited key, and anyone else's", async () => {
    const inApi = await t.trace(me, { content: 'API secret history', project: 'acme/api' });
    await t.as(me).patch(`/api/traces/${inApi.id}`, { content: 'API secret history, edited' });
    expect((await versions(inApi.id, limited)).status).toBe(404);
    expect((await t.as(limited).post(`/api/traces/${inApi.id}/versions/1/restore`)).status).toBe(404);
    const stranger = await t.signUp();
    expect((await versions(inApi.id, stranger)).status).toBe(404);
    expect((await t.as(stranger).post(`/api/traces/${inApi.id}/versions/1/restore`)).status).toBe(404);
    expect((await t.as(me).get(`/api/traces/${inApi.id}`)).json.content).toBe('API secret history, edited');

    // Its own project's trace: seen and restored.
    const inWeb = await t.trace(me, { content: 'Web history', project: 'acme/web' });
    await t.as(me).patch(`/api/traces/${inWeb.id}`, { content: 'Web history, edited' });
    expect((await versions(inWeb.id, limited)).body.versions).toHaveLength(1);
    const restored = await t.as(limited).post(`/api/traces/${inWeb.id}/versions/1/restore`);
    expect(restored.status, restored.body).toBe(200);
    expect(restored.json.content).toBe('Web history');
  });

  it('erases the versions with the trace (hard delete)', async () => {
    const created = await t.trace(me, { content: 'Short-lived history' });
    await t.as(me).patch(`/api/traces/${created.id}`, { content: 'Short-lived history, edited' });
    await t.db.asSystem((tx) => tx.query('DELETE FROM traces WHERE id = $1', [created.id]));
    const left = await t.db.asSystem((tx) =>
      tx.query('SELECT 1 FROM trace_versions WHERE trace_id = $1', [created.id]),
    );
    expect(left).toEqual([]);
  });
});

// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL), web-session sign-in, the traces service and its SQL. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, type CreateTraceRequest, IMPORTANCES } from '../../../contract/traces.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = { authorization: string };

describe('traces REST: create, read, edit, delete, restore', () => {
  let t: TestApp;
  let headers: Headers;
  const create = (payload: unknown, h: Headers = headers) =>
    t.app.inject({ method: 'POST', url: '/api/traces', headers: h, payload: payload as object });
  const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/traces/${id}`, headers });

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signUpAndLogin(t.app)).headers;
  });
  afterAll(async () => t.close());

  it('creates a trace with 201, fills what was left out automatically, source web, and reads it back', async () => {
    const res = await create({ title: '  Coffee  ', content: 'I take my coffee black.' });
    expect(res.statusCode).toBe(201);
    const trace = res.json();
    expect(trace).toMatchObject({
      title: 'Coffee',
      content: 'I take my coffee black.',
      access_count: 0,
      source: 'web',
    });
    // The categoriser (features/categorise, tested on its own labelled set) chose these.
    expect(CATEGORIES).toContain(trace.category);
    expect(IMPORTANCES).toContain(trace.importance);
    expect(trace.tags.length).toBeGreaterThanOrEqual(1);
    expect(trace.tags.length).toBeLessThanOrEqual(5);
    expect(trace.duplicate_of).toBeUndefined();
    expect(trace.created_at).toBe(trace.updated_at);
    const read = await get(trace.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...trace, replaces: [] });
  });

  it('keeps given fields, normalises tags and draws a title from the content for an empty one', async () => {
    const res = await create({
      title: '   ',
      content: 'Allergic to penicillin',
      category: 'fact',
      importance: 'high',
      tags: [' Health ', 'health', 'MEDICAL', ''],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Allergic to penicillin',
      category: 'fact',
      importance: 'high',
      tags: ['health', 'medical'],
    });
  });

  it('requires a session or key: 401 without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/traces' });
    expect(res.statusCode).toBe(401);
    const post = await t.app.inject({ method: 'POST', url: '/api/traces', payload: { content: 'x' } });
    expect(post.statusCode).toBe(401);
  });

  describe('limits and malformed input: 400 naming the field and the limit, nothing truncated', () => {
    const cases: [string, unknown, RegExp][] = [
      ['title of 201 characters', { title: 'a'.repeat(201), content: 'c' }, /^title: .*200 characters/],
      ['content of 20,001 characters', { content: 'a'.repeat(20_001) }, /^content: .*20000 characters/],
      [
        '21 tags',
        { content: 'c', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        /^tags: At most 20 tags/,
      ],
      ['a 51-character tag', { content: 'c', tags: ['ok', 'x'.repeat(51)] }, /^tags\.1: .*50 characters/],
      ['a bad category', { content: 'c', category: 'diary' }, /^category: /],
      ['a bad importance', { content: 'c', importance: 'urgent' }, /^importance: /],
      ['empty content', { content: '' }, /^content: Content is required$/],
      ['blank content', { content: ' \n\t ' }, /^content: Content is required$/],
      ['missing content', { title: 'only a title' }, /^content: Content is required$/],
      ['content that is not text', { content: 42 }, /^content: Content must be text$/],
      ['a NUL character', { content: 'a\u0000b' }, /^content: .*NUL/],
      ['a comma inside a tag', { content: 'c', tags: ['a,b'] }, /^tags\.0: .*comma/],
    ];
    it.each(cases)('%s', async (_name, payload, message) => {
      const before = (await t.app.inject({ method: 'GET', url: '/api/traces', headers })).json().totalCount;
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().error).toMatch(message);
      const after = (await t.app.inject({ method: 'GET', url: '/api/traces', headers })).json().totalCount;
      expect(after).toBe(before);
    });

    it('answers the same 400 whether the route or the service (MCP, import) checked the input', async () => {
      // A real API key, so the service sees the principal an MCP call would bring.
      const minted = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers,
        payload: { name: 'Same errors', permissions: ['read:traces', 'write:traces'] },
      });
      const principal = await t.app.services.apiKeys.verify(minted.json().key);
      if (!principal) throw new Error('the new key did not verify');
      const payloads = [
        { content: 'c', tags: ['ok', 'x'.repeat(51)] },
        { content: '', title: 'a'.repeat(201) },
        { title: 'only a title' },
      ];
      for (const payload of payloads) {
        const viaRoute = (await create(payload)).json();
        // As an MCP tool's arguments arrive: unchecked.
        const viaService = await t.app.services.traces.create(principal, payload as CreateTraceRequest).then(
          () => expect.unreachable('the service accepted what the route refused'),
          (err: { message: string; code: string; details: unknown }) => ({
            error: err.message,
            code: err.code,
            details: err.details,
          }),
        );
        expect(viaService, JSON.stringify(payload)).toEqual(viaRoute);
      }
      expect((await create(payloads[0])).json().details).toEqual([
        { path: 'tags.1', message: expect.stringMatching(/50 characters/) },
      ]);
    });

    it('names a query-string parameter by its name alone', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/api/traces?page=0', headers });
      expect(page.statusCode).toBe(400);
      expect(page.json()).toEqual({
        code: 'validation_failed',
        error: 'page: page must be a whole number of at least 1',
        details: [{ path: 'page', message: 'page must be a whole number of at least 1' }],
      });
    });

    it('accepts exactly the limits (counting characters, not UTF-16 units)', async () => {
      const res = await create({
        title: '🪨'.repeat(200),
        content: 'é'.repeat(19_999) + '🪨',
        tags: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, 'x')),
      });
      expect(res.statusCode).toBe(201);
      const trace = res.json();
      expect([...trace.title].length).toBe(200);
      expect([...trace.content].length).toBe(20_000);
      expect(trace.tags).toHaveLength(20);
    });

    it('refuses malformed JSON and an empty body with 400, never 500', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/traces',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"content": ',
      });
      expect(bad.statusCode).toBe(400);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/traces/${(await create({ content: 'patch target' })).json().id}`,
        headers,
        payload: {},
      });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().error).toMatch(/Nothing to update/);
    });
  });

  it('edits only the fields sent and moves updated_at', async () => {
    const created = (await create({ title: 'Gym', content: 'Gym on Mondays', tags: ['fitness'] })).json();
    await new Promise((r) => setTimeout(r, 5));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/traces/${created.id}`,
      headers,
      payload: { importance: 'high', tags: ['Fitness', 'Routine'] },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      title: 'Gym',
      content: 'Gym on Mondays',
      importance: 'high',
      category: created.category,
      tags: ['fitness', 'routine'],
      created_at: created.created_at,
    });
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThan(new Date(created.updated_at).getTime());
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/traces/${created.id}`,
      headers,
      payload: { title: null, content: 'Gym on Mondays and Thursdays' },
    });
    // A cleared title is drawn from the content again; a drawn one follows the content's edits, a
    // typed one never does.
    expect(cleared.json()).toMatchObject({
      title: 'Gym on Mondays and Thursdays',
      content: 'Gym on Mondays and Thursdays',
    });
    const followed = await t.app.inject({
      method: 'PATCH',
      url: `/api/traces/${created.id}`,
      headers,
      payload: { content: 'Gym on Tuesdays. Bring the towel.' },
    });
    expect(followed.json()).toMatchObject({ title: 'Gym on Tuesdays' });
    const typed = await t.app.inject({
      method: 'PATCH',
      url: `/api/traces/${created.id}`,
      headers,
      payload: { title: 'Gym', content: 'Gym on Mondays and Thursdays' },
    });
    expect(typed.json()).toMatchObject({ title: 'Gym' });
    const tooLong = await t.app.inject({
      method: 'PATCH',
      url: `/api/traces/${created.id}`,
      headers,
      payload: { content: 'x'.repeat(20_001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await get(created.id)).json().content).toBe('Gym on Mondays and Thursdays');
  });

  it('soft-deletes (204, then 404 everywhere) and restores', async () => {
    const { id } = (await create({ content: 'Passport expires in 2031' })).json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/traces/${id}`, headers });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    for (const res of [
      await get(id),
      await t.app.inject({ method: 'PATCH', url: `/api/traces/${id}`, headers, payload: { title: 'x' } }),
      await t.app.inject({ method: 'DELETE', url: `/api/traces/${id}`, headers }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Trace not found', code: 'not_found' });
    }
    const [row] = await t.db.asSystem((tx) =>
      tx.query<{ is_active: boolean; deleted_at: Date | null }>(
        'SELECT is_active, deleted_at FROM traces WHERE id = $1',
        [id],
      ),
    );
    expect(row).toMatchObject({ is_active: false });
    expect(row!.deleted_at).toBeInstanceOf(Date);
    const list = (await t.app.inject({ method: 'GET', url: '/api/traces?search=passport', headers })).json();
    expect(list.totalCount).toBe(0);

    const restored = await t.app.inject({ method: 'POST', url: `/api/traces/${id}/restore`, headers });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id, content: 'Passport expires in 2031' });
    expect((await get(id)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `/api/traces/${id}/restore`, headers });
    expect(again.statusCode).toBe(200);
  });

  it('answers a malformed or unknown id with 404 "Trace not found", not 400', async () => {
    for (const id of ['not-a-uuid', '123', "1' OR '1'='1", '00000000-0000-4000-8000-000000000000']) {
      const path = `/api/traces/${encodeURIComponent(id)}`;
      for (const res of [
        await t.app.inject({ method: 'GET', url: path, headers }),
        await t.app.inject({ method: 'PATCH', url: path, headers, payload: { title: 'x' } }),
        await t.app.inject({ method: 'DELETE', url: path, headers }),
        await t.app.inject({ method: 'POST', url: `${path}/restore`, headers }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('Trace not found');
      }
    }
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/traces', '/api/traces/{id}', '/api/traces/{id}/restore', '/api/stats']),
    );
    const post = doc.paths['/api/traces'].post;
    expect(post.tags).toEqual(['traces']);
    expect(post.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '201', '400']));
    expect(doc.paths['/api/traces'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'category', 'tags', 'page', 'pageSize']),
    );
  });
});

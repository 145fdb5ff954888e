// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL — where the concurrent creates really race on separate connections), the
// unique dedup index, web-session sign-in. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('exact dedup of trace content', () => {
  let t: TestApp;
  let headers: { authorization: string };
  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/traces', headers, payload });
  const rowsWith = async (needle: string) =>
    (
      await t.db.asSystem((tx) =>
        tx.query<{ n: number }>('SELECT count(*)::int AS n FROM traces WHERE content ILIKE $1', [
          `%${needle}%`,
        ]),
      )
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signUpAndLogin(t.app)).headers;
  });
  afterAll(async () => t.close());

  it('answers 200 with the existing trace and duplicate_of for case, spacing and Unicode variants', async () => {
    const first = await create({ title: 'Hello', content: 'Hello   World\n' });
    expect(first.statusCode).toBe(201);
    const { id } = first.json();
    for (const variant of ['hello world', '  HELLO\tWORLD  ', 'Hello\n\nWorld', 'Ｈｅｌｌｏ Ｗｏｒｌｄ']) {
      const res = await create({ title: 'another title', content: variant, category: 'fact' });
      expect(res.statusCode, variant).toBe(200);
      expect(res.json()).toMatchObject({ id, duplicate_of: id, title: 'Hello', content: 'Hello   World\n' });
    }
    expect(await rowsWith('world')).toBe(1);
    expect((await create({ content: 'Hello World!' })).statusCode).toBe(201);
  });

  it('lets two identical creates racing each other make one row', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create({ content: i % 2 ? 'Race condition' : 'race  CONDITION' })),
    );
    const created = results.filter((r) => r.statusCode === 201);
    const duplicates = results.filter((r) => r.statusCode === 200);
    expect(created).toHaveLength(1);
    expect(duplicates).toHaveLength(9);
    const id = created[0]!.json().id;
    for (const d of duplicates) expect(d.json().duplicate_of).toBe(id);
    expect(await rowsWith('race')).toBe(1);
  });

  it('ignores deleted traces, and refuses to restore one that would become a duplicate (409)', async () => {
    const old = (await create({ content: 'Dentist on Tuesday' })).json();
    await t.app.inject({ method: 'DELETE', url: `/api/traces/${old.id}`, headers });
    const again = await create({ content: 'dentist on tuesday' });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(old.id);

    const restore = await t.app.inject({ method: 'POST', url: `/api/traces/${old.id}/restore`, headers });
    expect(restore.statusCode).toBe(409);
    expect(restore.json()).toMatchObject({
      code: 'duplicate_trace',
      error: 'This trace cannot be restored: an active trace has the same content',
      details: [{ path: 'id', message: `Trace ${again.json().id} already has this content` }],
    });
    // Once the other one is gone, the restore works.
    await t.app.inject({ method: 'DELETE', url: `/api/traces/${again.json().id}`, headers });
    const ok = await t.app.inject({ method: 'POST', url: `/api/traces/${old.id}/restore`, headers });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an edit that would duplicate another active trace (409), allows re-spacing its own', async () => {
    const a = (await create({ content: 'Buy oat milk' })).json();
    const b = (await create({ content: 'Buy almond milk' })).json();
    const clash = await t.app.inject({
      method: 'PATCH',
      url: `/api/traces/${b.id}`,
      headers,
      payload: { content: 'BUY OAT MILK' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'duplicate_trace',
      error: 'Another trace already has this content',
    });
    const own = await t.app.inject({
      method: 'PATCH',
      url: `/api/traces/${a.id}`,
      headers,
      payload: { content: 'Buy  oat milk ' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().content).toBe('Buy  oat milk ');
    // The new content is now the one duplicates are checked against.
    const dup = await create({ content: 'buy oat milk' });
    expect(dup.json().duplicate_of).toBe(a.id);
  });

  it('enforces one active row per content in the database itself', async () => {
    const { id } = (await create({ content: 'Database says no' })).json();
    const insert = t.db.asSystem((tx) =>
      tx.query(
        `INSERT INTO traces (user_id, content, content_hash)
         SELECT user_id, content, content_hash FROM traces WHERE id = $1`,
        [id],
      ),
    );
    await expect(insert).rejects.toMatchObject({ code: '23505' });
  });
});

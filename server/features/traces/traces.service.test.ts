// Real: the traces service on the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL). Faked: the categoriser (built by another issue) is a recording stand-in,
// and the content-changed hook records its calls; both are the service's injected dependencies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/db.js';
import type { Principal } from '../../http/principal.js';
import { createTestApp } from '../../test-support/test-app.js';
import type { Categorisation, Categorise } from './categorise.js';
import { createTracesService } from './traces.service.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('traces service: categoriser and content-changed hook', () => {
  let t: TestApp;
  let me: Principal;
  const calls: { input: { title: string | null; content: string }; userTags: string[] }[] = [];
  let suggestion: Categorisation | Error = { category: 'work', importance: 'high', tags: ['suggested'] };
  const categorise: Categorise = async (input, userTags) => {
    calls.push({ input, userTags });
    if (suggestion instanceof Error) throw suggestion;
    return suggestion;
  };
  const changed: { id: string; visibleInTx: boolean }[] = [];
  const onContentChanged = async (tx: Tx, id: string) => {
    // Inside the writing transaction the row is already there (committed or not).
    const rows = await tx.query('SELECT 1 FROM traces WHERE id = $1', [id]);
    changed.push({ id, visibleInTx: rows.length === 1 });
  };
  const service = () =>
    createTracesService({
      db: t.db,
      log: { warn: () => {} },
      projects: t.app.services.projects,
      categorise,
      onContentChanged,
    });

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.app.services.users.create('svc@example.com', 'correct horse battery');
    me = { userId: user.id, via: 'session', scopes: ['read:traces', 'write:traces'], credentialId: 's' };
  });
  afterAll(async () => t.close());

  it('fills only what the caller left out ("auto" counts as left out)', async () => {
    const svc = service();
    const all = await svc.create(me, { content: 'nothing given' });
    expect(all.trace).toMatchObject({ category: 'work', importance: 'high', tags: ['suggested'] });
    const some = await svc.create(me, { content: 'category given', category: 'fact', importance: 'auto' });
    expect(some.trace).toMatchObject({ category: 'fact', importance: 'high', tags: ['suggested'] });
    const tagsGiven = await svc.create(me, { content: 'tags given', tags: [] });
    expect(tagsGiven.trace).toMatchObject({ category: 'work', tags: [] });
    calls.length = 0;
    const none = await svc.create(me, {
      content: 'everything given',
      category: 'personal',
      importance: 'low',
      tags: ['mine'],
    });
    expect(none.trace).toMatchObject({ category: 'personal', importance: 'low', tags: ['mine'] });
    expect(calls).toEqual([]);
  });

  it("passes title, content and the user's tags, most used first", async () => {
    const svc = service();
    for (const tags of [['b', 'a'], ['b'], ['b', 'c', 'a']]) {
      await svc.create(me, { content: `tagged ${tags.join()}`, category: 'fact', importance: 'low', tags });
    }
    calls.length = 0;
    await svc.create(me, { title: ' Title ', content: 'needs tags' });
    expect(calls[0]!.input).toEqual({ title: 'Title', content: 'needs tags' });
    expect(calls[0]!.userTags.slice(0, 3)).toEqual(['b', 'a', 'suggested']);
  });

  it('survives a failing or unruly categoriser: defaults, and tags cleaned to the limits', async () => {
    const svc = service();
    suggestion = new Error('model not loaded');
    const failed = await svc.create(me, { content: 'categoriser down' });
    expect(failed.trace).toMatchObject({ category: 'context', importance: 'medium', tags: [] });
    suggestion = {
      category: 'diary' as never,
      importance: 'urgent' as never,
      tags: [
        ' Mixed Case ',
        'mixed case',
        'x'.repeat(51),
        'a,b',
        '',
        ...Array.from({ length: 30 }, (_, i) => `t${i}`),
      ],
    };
    const unruly = await svc.create(me, { content: 'categoriser confused' });
    expect(unruly.trace.category).toBe('context');
    expect(unruly.trace.importance).toBe('medium');
    expect(unruly.trace.tags).toHaveLength(20);
    expect(unruly.trace.tags.slice(0, 2)).toEqual(['mixed case', 't0']);
    suggestion = { category: 'work', importance: 'high', tags: ['suggested'] };
  });

  it('does not categorise a duplicate, and validates input given straight to the service', async () => {
    const svc = service();
    await svc.create(me, { content: 'said twice' });
    calls.length = 0;
    const again = await svc.create(me, { content: 'SAID twice' });
    expect(again.created).toBe(false);
    expect(calls).toEqual([]);
    await expect(
      svc.create(me, {
        content: 'x',
        tags: Array(21)
          .fill(0)
          .map((_, i) => `${i}`),
      }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'tags: At most 20 tags are allowed',
    });
    await expect(svc.update(me, 'not-a-uuid', { content: '' })).rejects.toMatchObject({
      status: 400,
      message: 'content: Content is required',
    });
  });

  it('calls onContentChanged in the writing transaction on create and on title/content edits only', async () => {
    const svc = service();
    changed.length = 0;
    const { trace } = await svc.create(me, { content: 'hook me' });
    await svc.create(me, { content: 'HOOK me' }); // duplicate: nothing new
    await svc.update(me, trace.id, { category: 'fact', tags: ['x'] });
    await svc.update(me, trace.id, { title: 'now titled' });
    await svc.update(me, trace.id, { content: 'hook me, edited' });
    await svc.update(me, trace.id, { content: 'hook me, edited' }); // unchanged
    expect(changed).toEqual([
      { id: trace.id, visibleInTx: true },
      { id: trace.id, visibleInTx: true },
      { id: trace.id, visibleInTx: true },
    ]);
  });
});

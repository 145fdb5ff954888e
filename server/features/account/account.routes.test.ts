// Real: the app through app.inject, the migrated database, the traces service and its
// categoriser, argon2. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../../contract/account.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type User = Awaited<ReturnType<typeof signUpAndLogin>>;

describe('account: export, import, delete', () => {
  let t: TestApp;
  let ann: User;
  let bob: User;

  const create = (u: User, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/traces', headers: u.headers, payload });
  const exportOf = (u: User) =>
    t.app.inject({ method: 'GET', url: '/api/account/export', headers: u.headers });
  const importInto = (u: User, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/account/import', headers: u.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUpAndLogin(t.app);
    bob = await signUpAndLogin(t.app);
    await create(ann, {
      title: 'Coffee',
      content: 'I take my coffee black.',
      category: 'preference',
      tags: ['food'],
    });
    await create(ann, { content: 'Daughter Mia starts school on 4 September.', category: 'personal' });
    const gone = (await create(ann, { content: 'An old note I deleted.' })).json();
    await t.app.inject({ method: 'DELETE', url: `/api/traces/${gone.id}`, headers: ann.headers });
    await create(bob, { content: 'Bob’s secret plan.' });
  });
  afterAll(() => t.close());

  it('exports every active trace of the account and nothing of anyone else, as a download', async () => {
    const res = await exportOf(ann);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cairn-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data).toMatchObject({ format: 'cairn-export', version: 1, account: { email: ann.email } });
    expect(data.traces.map((x: { content: string }) => x.content)).toEqual([
      'Daughter Mia starts school on 4 September.',
      'I take my coffee black.',
    ]);
    expect(data.traces[1]).toMatchObject({
      title: 'Coffee',
      category: 'preference',
      tags: ['food'],
      source: 'web',
    });
  });

  it('imports an export into another account, keeping dates, and skips what is already there', async () => {
    const exported = (await exportOf(ann)).json();
    const first = await importInto(bob, exported);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ imported: 2, duplicates: 0, failed: [] });
    const again = await importInto(bob, exported);
    expect(again.json()).toEqual({ imported: 0, duplicates: 2, failed: [] });

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/traces?search=coffee', headers: bob.headers })
    ).json();
    expect(list.traces).toHaveLength(1);
    const coffee = exported.traces.find((x: { title: string | null }) => x.title === 'Coffee');
    expect(list.traces[0]).toMatchObject({
      source: 'import',
      created_at: coffee.created_at,
      category: 'preference',
    });
  });

  it('reports bad items by position, saves the rest, and categorises what was left out', async () => {
    const res = await importInto(ann, {
      traces: [
        { content: 'Allergic to penicillin; carries an EpiPen.', created_at: '2024-02-29T10:00:00Z' },
        { title: 'no content' },
        { content: 'x'.repeat(20_001) },
        { content: 'Works from home on Fridays.', created_at: 'last Tuesday' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(1);
    expect(body.failed.map((f: { index: number }) => f.index)).toEqual([1, 2, 3]);
    expect(body.failed[1].error).toMatch(/Content must be at most 20000 characters/);
    expect(body.failed[2].error).toMatch(/created_at must be an ISO 8601 date-time/);
    const saved = (
      await t.app.inject({ method: 'GET', url: '/api/traces?search=penicillin', headers: ann.headers })
    ).json().traces[0];
    expect(saved.created_at).toBe('2024-02-29T10:00:00.000Z');
    expect(saved.tags.length).toBeGreaterThan(0);
  });

  it('refuses empty, oversized and future-version imports with clear messages', async () => {
    expect((await importInto(ann, { traces: [] })).json().error).toBe(
      'traces: Nothing to import: traces is empty',
    );
    const tooMany = Array.from({ length: IMPORT_LIMITS.tracesPerRequest + 1 }, (_, i) => ({
      content: `n${i}`,
    }));
    expect((await importInto(ann, { traces: tooMany })).json().error).toMatch(
      /At most 1000 traces per request/,
    );
    const v2 = await importInto(ann, { format: 'cairn-export', version: 2, traces: [{ content: 'x' }] });
    expect(v2.statusCode).toBe(400);
    expect(v2.json().error).toMatch(/Only version 1 exports can be imported/);
  });

  it('lets the person export and import with their own API key, but delete only when signed in', async () => {
    const keyWith = async (permissions: string[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/api-keys',
          headers: ann.headers,
          payload: { name: `k ${permissions.join(' ')}`, permissions },
        })
      ).json().key as string;
    const headers = { authorization: `Bearer ${await keyWith(['read:traces', 'write:traces'])}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export', headers })).statusCode).toBe(200);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/account/import',
      headers,
      payload: { traces: [{ content: 'Imported with a key.' }] },
    });
    expect(imported.json()).toMatchObject({ imported: 1 });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers,
      payload: { password: ann.password },
    });
    expect(removed.statusCode).toBe(403);
    expect(removed.json().code).toBe('session_required');

    // A write-only key cannot read the account out, and learns so before any byte is sent.
    const writeOnly = { authorization: `Bearer ${await keyWith(['write:traces'])}` };
    const refused = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: writeOnly });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('insufficient_scope');
  });

  it('deletes the account and every row of it after the password confirms, and nothing of anyone else', async () => {
    const carol = await signUpAndLogin(t.app);
    await create(carol, { content: 'Carol was here.' });
    await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: carol.headers,
      payload: { name: 'k' },
    });

    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: carol.headers,
      payload: { password: 'not it' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Password is incorrect');

    const ok = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: carol.headers,
      payload: { password: carol.password },
    });
    expect(ok.statusCode).toBe(204);
    const left = await t.db.asSystem((tx) =>
      tx.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM users WHERE id = $1) + (SELECT count(*) FROM traces WHERE user_id = $1)
              + (SELECT count(*) FROM api_keys WHERE user_id = $1) + (SELECT count(*) FROM auth_sessions WHERE user_id = $1)
              + (SELECT count(*) FROM trace_counters WHERE user_id = $1) + (SELECT count(*) FROM user_settings WHERE user_id = $1)
              AS n`,
        [carol.userId],
      ),
    );
    expect(left).toEqual([{ n: 0 }]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: carol.headers })).statusCode,
    ).toBe(401);
    expect((await exportOf(ann)).json().traces.length).toBeGreaterThan(0);
  });
});

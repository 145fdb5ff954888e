// Real: the migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL) with row-level
// security, traces created through the API. The timeline's neighbours the context signal reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin, type TestUser } from '../../test-support/test-app.js';
import { searchRepo } from './search.repo.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('searchRepo.neighbours', () => {
  let t: TestApp;
  let a: TestUser;
  const id: Record<string, string> = {};
  const base = Date.parse('2026-03-02T09:00:00Z');

  async function note(user: TestUser, name: string, minutes: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/traces',
      headers: user.headers,
      payload: { content: `Note ${name}: ${'lorem ipsum dolor '.repeat(2)}${name}`, category: 'context' },
    });
    expect(res.statusCode).toBe(201);
    id[name] = res.json().id;
    await t.db.asSystem((tx) =>
      tx.query('UPDATE traces SET created_at = $2 WHERE id = $1', [
        id[name],
        new Date(base + minutes * 60_000).toISOString(),
      ]),
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    a = await signUpAndLogin(t.app);
    const b = await signUpAndLogin(t.app);
    // One sitting (0–4 minutes), another three hours later; b's note and a deleted one in between.
    for (const [name, minutes] of [
      ['first', 0],
      ['second', 1],
      ['third', 2],
      ['fourth', 3],
      ['fifth', 4],
      ['later', 180],
      ['later-still', 181],
      ['deleted', 2.5],
      ['imported-a', 600],
      ['imported-b', 600],
      ['imported-c', 600],
    ] as const)
      await note(a, name, minutes);
    await note(b, 'other-user', 2.2);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/traces/${id.deleted}`, headers: a.headers }))
        .statusCode,
    ).toBe(204);
  });
  afterAll(async () => t.close());

  const neighbours = (ids: string[], span: number, window = 60) =>
    t.db.asUser(a.userId, (tx) => searchRepo.neighbours(tx, a.userId, ids, span, window));
  const names = (ids: string[] | undefined) =>
    (ids ?? []).map((n) => Object.keys(id).find((k) => id[k] === n)).sort();

  it('gives the notes written just before and after, the user’s own live ones only', async () => {
    const got = await neighbours([id.third!], 2);
    expect(names(got.get(id.third!))).toEqual(['first', 'fifth', 'fourth', 'second'].sort());
    expect(names((await neighbours([id.third!], 1)).get(id.third!))).toEqual(['fourth', 'second']);
  });

  it('stops at the window: a note hours later is another sitting', async () => {
    const got = await neighbours([id.fifth!, id.later!], 2);
    expect(names(got.get(id.fifth!))).toEqual(['fourth', 'third']);
    expect(names(got.get(id.later!))).toEqual(['later-still']);
    expect(names((await neighbours([id.later!], 2, 200)).get(id.later!))).toEqual(
      ['fifth', 'fourth', 'later-still'].sort(),
    );
  });

  it('does not pair notes written at the same instant (an import without dates)', async () => {
    const got = await neighbours([id['imported-b']!], 2);
    expect(got.get(id['imported-b']!)).toBeUndefined();
  });

  it('answers nothing for another user’s trace or no ids', async () => {
    const b = await t.db.asSystem((tx) =>
      tx.query<{ id: string }>('SELECT id::text AS id FROM traces WHERE user_id <> $1', [a.userId]),
    );
    expect((await neighbours([b[0]!.id], 2)).size).toBe(0);
    expect((await neighbours([], 2)).size).toBe(0);
  });
});

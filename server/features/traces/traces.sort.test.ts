// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) with the sort indexes and cairn_trace_matches, an API key. Faked: nothing.
// Rows are created through the API; created_at, access_count and importance are then set with SQL
// so every expected order is exact and no two sorts give the same order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApiKey, type TestApp } from '../../test-support/test-app.js';

type Row = { content: string; minute: number; uses: number; importance: 'low' | 'medium' | 'high' };

// Content letters are the names the expectations use. The minute sets created_at.
const ROWS: Row[] = [
  { content: 'a coffee', minute: 1, uses: 5, importance: 'low' },
  { content: 'b tea', minute: 2, uses: 0, importance: 'high' },
  { content: 'c coffee', minute: 3, uses: 9, importance: 'medium' },
  { content: 'd coffee', minute: 4, uses: 5, importance: 'high' },
  { content: 'e tea', minute: 5, uses: 1, importance: 'low' },
  { content: 'f coffee', minute: 6, uses: 0, importance: 'medium' },
];
const letters = (traces: { content: string }[]) => traces.map((tr) => tr.content[0]).join('');

describe('GET /api/traces?sort=', () => {
  let t: TestApp;
  let key: TestApiKey;

  const list = async (query: string) => {
    const res = await t.as(key).get(`/api/traces${query}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.signUp();
    key = await t.apiKey(user);
    for (const row of ROWS) {
      const res = await t
        .as(key)
        .post('/api/traces', { content: row.content, category: 'fact', importance: row.importance });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    await t.db.asSystem(async (tx) => {
      for (const row of ROWS)
        await tx.query(
          `UPDATE traces SET created_at = '2025-01-01T00:00:00Z'::timestamptz + $2 * interval '1 minute',
                             access_count = $3, importance = $4
            WHERE user_id = $1 AND content = $5`,
          [user.userId, row.minute, row.uses, row.importance, row.content],
        );
    });
  });
  afterAll(() => t?.close());

  it('sorts newest first by default and when asked', async () => {
    expect(letters((await list('')).traces)).toBe('fedcba');
    expect(letters((await list('?sort=newest')).traces)).toBe('fedcba');
  });

  it('sorts oldest first', async () => {
    expect(letters((await list('?sort=oldest')).traces)).toBe('abcdef');
  });

  it('sorts most used first, equal counts newest first', async () => {
    expect(letters((await list('?sort=most_used')).traces)).toBe('cdaefb');
  });

  it('sorts by importance, high first, equal importance newest first', async () => {
    expect(letters((await list('?sort=importance')).traces)).toBe('dbfcea');
  });

  it('pages through a sort without overlap and keeps the exact total', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => list(`?sort=most_used&pageSize=2&page=${p}`)));
    expect(pages.map((p) => letters(p.traces)).join('')).toBe('cdaefb');
    expect(pages.map((p) => [p.totalCount, p.totalPages])).toEqual([
      [6, 3],
      [6, 3],
      [6, 3],
    ]);
  });

  it('sorts search results the same way, with the total of the matches', async () => {
    const bySort = async (sort: string) => {
      const res = await list(`?search=coffee&sort=${sort}`);
      expect(res.totalCount).toBe(4);
      return letters(res.traces);
    };
    expect(await bySort('newest')).toBe('fdca');
    expect(await bySort('oldest')).toBe('acdf');
    expect(await bySort('most_used')).toBe('cdaf');
    expect(await bySort('importance')).toBe('dfca');
    const second = await list('?search=coffee&sort=importance&pageSize=3&page=2');
    expect([letters(second.traces), second.totalCount, second.totalPages]).toEqual(['a', 4, 2]);
  });

  it('sorts within a category', async () => {
    expect(letters((await list('?category=fact&sort=oldest')).traces)).toBe('abcdef');
    expect(letters((await list('?category=work&sort=oldest')).traces)).toBe('');
  });

  it('refuses an unknown sort with a clear error', async () => {
    const res = await t.as(key).get('/api/traces?sort=random');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_failed');
    expect(res.json.error).toMatch(/sort must be one of newest, oldest, most_used, importance/);
  });
});

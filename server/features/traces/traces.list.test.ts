// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) with its indexes, counters trigger and cairn_trace_matches, web-session
// sign-in. Faked: nothing. Rows are created through the API; created_at is then set with SQL so
// the expected order is exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Seed = { title?: string | null; content: string; category?: string; tags?: string[] };

describe('GET /api/traces', () => {
  let t: TestApp;
  let headers: { authorization: string };
  /** Seeded ids, oldest first. */
  const ids: string[] = [];
  const byContent = new Map<string, string>();

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/traces${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      traces: { id: string; content: string }[];
      totalCount: number;
      currentPage: number;
      totalPages: number;
      pageSize: number;
    };
  };
  const contents = async (query: string) => (await list(query)).traces.map((tr) => tr.content).sort();

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signUpAndLogin(t.app)).headers;
    const seeds: Seed[] = [
      { title: 'Coffee', content: 'Black, no sugar', category: 'preference', tags: ['food', 'morning'] },
      {
        title: 'Standup',
        content: 'Daily at 9:30 with the platform team',
        category: 'work',
        tags: ['meetings'],
      },
      {
        title: 'Deadline',
        content: 'Quarterly report due Friday',
        category: 'work',
        tags: ['urgent', 'report'],
      },
      { title: null, content: 'The coffee machine on floor 3 is broken', category: 'work', tags: ['office'] },
      {
        title: 'Discount',
        content: 'I am 100% sure about the 50% discount',
        category: 'fact',
        tags: ['shopping'],
      },
      { title: 'Percent', content: 'I am 100 percent sure', category: 'fact' },
      { title: 'Snake', content: 'variable snake_case naming', category: 'preference', tags: ['code'] },
      { title: 'Snakes', content: 'variable snakeXcase naming', category: 'preference', tags: ['code'] },
      { title: 'Windows', content: 'Files live in C:\\temp\\cairn', category: 'fact', tags: ['code'] },
      { title: 'Pâtisserie', content: 'ÉCLAIRS from the corner shop', category: 'personal', tags: ['food'] },
      { title: 'alpha', content: 'beta gamma', category: 'context' },
      {
        title: 'Urgent coffee',
        content: 'Order more coffee beans',
        category: 'work',
        tags: ['urgent', 'office'],
      },
    ];
    for (const seed of seeds) {
      const res = await t.app.inject({ method: 'POST', url: '/api/traces', headers, payload: seed });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
      byContent.set(seed.content, res.json().id);
    }
    // Exact, distinct creation times: seed i is i minutes after the first.
    await t.db.asSystem((tx) =>
      tx.query(
        `UPDATE traces SET created_at = '2025-01-01T00:00:00Z'::timestamptz + (ord - 1) * interval '1 minute'
           FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, ord) WHERE traces.id = u.id`,
        [ids],
      ),
    );
  });
  afterAll(async () => t.close());

  it('lists active traces newest first with the documented result shape and defaults', async () => {
    const res = await list('');
    expect(res).toMatchObject({ totalCount: 12, currentPage: 1, totalPages: 1, pageSize: 12 });
    expect(res.traces.map((tr) => tr.id)).toEqual([...ids].reverse());
  });

  it('filters by category', async () => {
    expect((await list('?category=work')).totalCount).toBe(4);
    expect(await contents('?category=fact')).toEqual([
      'Files live in C:\\temp\\cairn',
      'I am 100 percent sure',
      'I am 100% sure about the 50% discount',
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/traces?category=diary', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^category: /);
  });

  it('filters by tags: every tag given must be present (case and spaces ignored)', async () => {
    expect(await contents('?tags=code')).toHaveLength(3);
    expect(await contents('?tags=urgent,office')).toEqual(['Order more coffee beans']);
    expect(await contents('?tags=%20Urgent%20,%20OFFICE')).toEqual(['Order more coffee beans']);
    expect(await contents('?tags=urgent,nope')).toEqual([]);
    expect((await list('?tags=,')).totalCount).toBe(12);
  });

  it('searches title or content case-insensitively', async () => {
    expect(await contents('?search=COFFEE')).toEqual([
      'Black, no sugar',
      'Order more coffee beans',
      'The coffee machine on floor 3 is broken',
    ]);
    expect(await contents('?search=standup')).toEqual(['Daily at 9:30 with the platform team']);
    expect(await contents('?search=%C3%A9clairs')).toEqual(['ÉCLAIRS from the corner shop']);
    expect(await contents('?search=P%C3%82TISSERIE')).toEqual(['ÉCLAIRS from the corner shop']);
    expect((await list('?search=%20%20')).totalCount).toBe(12);
  });

  it('never matches across the boundary between title and content', async () => {
    expect(await contents('?search=alpha')).toEqual(['beta gamma']);
    expect(await contents('?search=beta')).toEqual(['beta gamma']);
    expect(await contents('?search=alpha%20beta')).toEqual([]);
  });

  it('takes % _ and \\ in a search literally', async () => {
    expect(await contents('?search=100%25')).toEqual(['I am 100% sure about the 50% discount']);
    expect(await contents('?search=%25')).toEqual(['I am 100% sure about the 50% discount']);
    expect(await contents('?search=snake_case')).toEqual(['variable snake_case naming']);
    expect(await contents('?search=_')).toEqual(['variable snake_case naming']);
    expect(await contents('?search=C%3A%5Ctemp')).toEqual(['Files live in C:\\temp\\cairn']);
    expect(await contents('?search=%5C%5C')).toEqual([]);
  });

  it('finds short terms the trigram index cannot serve', async () => {
    expect(await contents('?search=9%3A')).toEqual(['Daily at 9:30 with the platform team']);
    expect(await contents('?search=K')).toEqual([
      'Black, no sugar',
      'The coffee machine on floor 3 is broken',
      'variable snakeXcase naming',
      'variable snake_case naming',
    ]);
  });

  it('combines search, category and tags', async () => {
    expect(await contents('?search=coffee&category=work')).toEqual([
      'Order more coffee beans',
      'The coffee machine on floor 3 is broken',
    ]);
    expect(await contents('?search=coffee&tags=urgent')).toEqual(['Order more coffee beans']);
    expect(await contents('?category=work&tags=office')).toEqual([
      'Order more coffee beans',
      'The coffee machine on floor 3 is broken',
    ]);
    expect(await contents('?search=coffee&category=work&tags=office,urgent')).toEqual([
      'Order more coffee beans',
    ]);
    expect(await contents('?search=coffee&category=preference&tags=office')).toEqual([]);
    const res = await list('?search=sure&category=fact&pageSize=1&page=2');
    expect(res).toMatchObject({ totalCount: 2, totalPages: 2, currentPage: 2, pageSize: 1 });
    expect(res.traces.map((tr) => tr.content)).toEqual(['I am 100% sure about the 50% discount']);
  });

  it('leaves deleted traces out of the list, the filters and the totals', async () => {
    const id = byContent.get('Order more coffee beans')!;
    await t.app.inject({ method: 'DELETE', url: `/api/traces/${id}`, headers });
    try {
      expect((await list('')).totalCount).toBe(11);
      expect((await list('?category=work')).totalCount).toBe(3);
      expect((await list('?search=coffee')).totalCount).toBe(2);
      expect((await list('?tags=urgent')).totalCount).toBe(1);
    } finally {
      await t.app.inject({ method: 'POST', url: `/api/traces/${id}/restore`, headers });
    }
    expect((await list('?category=work')).totalCount).toBe(4);
  });

  describe('pagination', () => {
    it('pages without overlap; totalPages = ceil(total / pageSize); the last page is partial', async () => {
      const p1 = await list('?pageSize=5');
      const p2 = await list('?pageSize=5&page=2');
      const p3 = await list('?pageSize=5&page=3');
      expect([p1.totalPages, p2.totalPages, p3.totalPages]).toEqual([3, 3, 3]);
      expect(p3.traces).toHaveLength(2);
      expect([...p1.traces, ...p2.traces, ...p3.traces].map((tr) => tr.id)).toEqual([...ids].reverse());
    });

    it('answers a page past the end with an empty list and the real totals', async () => {
      expect(await list('?page=4&pageSize=5')).toEqual({
        traces: [],
        totalCount: 12,
        currentPage: 4,
        totalPages: 3,
        pageSize: 5,
      });
      expect(await list('?page=1000000&search=coffee')).toMatchObject({
        traces: [],
        totalCount: 3,
        totalPages: 1,
      });
      expect(await list('?page=9&tags=code&pageSize=1')).toMatchObject({ traces: [], totalCount: 3 });
      expect(await list('?search=nothing-matches-this')).toMatchObject({
        traces: [],
        totalCount: 0,
        totalPages: 0,
      });
    });

    it('allows pageSize up to 100', async () => {
      const res = await list('?pageSize=100');
      expect(res).toMatchObject({ pageSize: 100, totalPages: 1 });
      expect(res.traces).toHaveLength(12);
    });

    it.each([
      ['page=0', /^page: /],
      ['page=-1', /^page: /],
      ['page=abc', /^page: /],
      ['page=1.5', /^page: /],
      ['pageSize=0', /^pageSize: /],
      ['pageSize=101', /^pageSize: .*100/],
      ['search=' + 'x'.repeat(501), /^search: .*500/],
      ['search=a%00b', /^search: .*control/],
    ])('refuses %s with 400', async (query, message) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/traces?${query}`, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    });

    it('breaks created_at ties by id so pages stay stable', async () => {
      const [a, b] = [ids[0]!, ids[1]!];
      await t.db.asSystem((tx) =>
        tx.query(`UPDATE traces SET created_at = '2030-01-01T00:00:00Z' WHERE id = ANY($1::uuid[])`, [
          [a, b],
        ]),
      );
      const first = (await list('?pageSize=1')).traces[0]!.id;
      const second = (await list('?pageSize=1&page=2')).traces[0]!.id;
      expect([first, second]).toEqual([a, b].sort().reverse());
      const viaSearch = (await list('?search=a&pageSize=2')).traces.map((tr) => tr.id);
      expect(viaSearch).toEqual([a, b].sort().reverse());
    });
  });
});

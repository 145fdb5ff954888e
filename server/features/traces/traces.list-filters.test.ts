// Real: the Fastify app through app.inject on a database built by the real migrations (with
// cairn_trace_matches and its importance filter), people and traces made through the routes.
// Faked: nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app.js';

describe('GET /api/traces: importance, several tags, and ids left out', () => {
  let t: TestApp;
  let alice: TestUser;
  const id: Record<string, string> = {};
  const titles = async (query: string, who: TestUser = alice) => {
    const res = await t.as(who).get(`/api/traces${query}`);
    expect(res.status, res.body).toBe(200);
    return {
      titles: res.json.traces.map((tr: { title: string | null }) => tr.title).sort(),
      total: res.json.totalCount,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    const seeds = [
      {
        title: 'Passport',
        content: 'Passport renewal due in May.',
        importance: 'high',
        tags: ['travel', 'admin'],
      },
      {
        title: 'Visa',
        content: 'Visa appointment for the passport trip.',
        importance: 'medium',
        tags: ['travel'],
      },
      { title: 'Tax', content: 'Tax return before January.', importance: 'high', tags: ['admin'] },
      { title: 'Coffee', content: 'Oat milk, no sugar.', importance: 'low', tags: ['food'] },
    ] as const;
    for (const s of seeds)
      id[s.title] = (await t.trace(alice, { ...s, category: 'fact', tags: [...s.tags] })).id;
  });
  afterAll(async () => t.close());

  it('filters by importance, alone and with search, tags and category', async () => {
    expect(await titles('?importance=high')).toEqual({ titles: ['Passport', 'Tax'], total: 2 });
    expect(await titles('?importance=high&search=passport')).toEqual({ titles: ['Passport'], total: 1 });
    expect(await titles('?importance=medium&tags=travel&category=fact')).toEqual({
      titles: ['Visa'],
      total: 1,
    });
    expect(await titles('?importance=low&category=work')).toEqual({ titles: [], total: 0 });
    const bad = await t.as(alice).get('/api/traces?importance=urgent');
    expect(bad.status).toBe(400);
    expect(bad.json.details?.[0]?.path).toBe('importance');
  });

  it('filters by several tags at once: a trace must carry all of them', async () => {
    expect(await titles('?tags=travel,admin')).toEqual({ titles: ['Passport'], total: 1 });
    expect(await titles('?tags=travel')).toEqual({ titles: ['Passport', 'Visa'], total: 2 });
  });

  it('leaves out the ids given, in the page and in the total (the search box shows them above)', async () => {
    expect(await titles('?search=passport')).toEqual({ titles: ['Passport', 'Visa'], total: 2 });
    expect(await titles(`?search=passport&exclude=${id.Passport}`)).toEqual({ titles: ['Visa'], total: 1 });
    expect(await titles(`?exclude=${id.Passport},${id.Tax}&pageSize=1`)).toMatchObject({ total: 2 });
    // Someone else's ids, or unknown ones, leave nothing out of Alice's list and reveal nothing.
    const bob = await t.signUp();
    const bobs = await t.trace(bob, { content: 'Bob passport note.' });
    expect(await titles(`?search=passport&exclude=${bobs.id},${randomUUID()}`)).toEqual({
      titles: ['Passport', 'Visa'],
      total: 2,
    });
    // Bob's note was written without a title: it carries one drawn from its words (ADR 0028).
    expect(await titles(`?search=passport&exclude=${id.Passport}`, bob)).toEqual({
      titles: ['Bob passport note'],
      total: 1,
    });
  });

  it('refuses ids that are not ids, or too many, naming the parameter', async () => {
    for (const query of [
      '?exclude=abc',
      `?exclude=${Array.from({ length: 51 }, () => randomUUID()).join(',')}`,
    ]) {
      const res = await t.as(alice).get(`/api/traces${query}`);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.details?.[0]?.path).toMatch(/^exclude/);
    }
  });
});

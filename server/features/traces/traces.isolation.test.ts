// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) with row-level security, cairn_trace_matches, two signed-in users and an
// API key of user B's issued by the real route. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser as User } from '../../test-support/test-app.js';

describe('traces: one user never reaches another user’s', () => {
  let t: TestApp;
  let a: User;
  let b: User;
  let aTrace: { id: string; title: string; content: string };
  let aDeleted: string;
  const send = (u: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.signUp();
    b = await t.signUp();
    aTrace = (
      await send(a, 'POST', '/api/traces', {
        title: 'A secret',
        content: 'Shared words: quarterly budget',
        category: 'work',
        tags: ['shared'],
      })
    ).json();
    aDeleted = (await send(a, 'POST', '/api/traces', { content: 'A deleted secret' })).json().id;
    await send(a, 'DELETE', `/api/traces/${aDeleted}`);
    for (let i = 0; i < 3; i++) {
      await send(b, 'POST', '/api/traces', {
        content: `Shared words: quarterly budget, B's copy ${i}`,
        category: 'work',
        tags: ['shared'],
      });
    }
  });
  afterAll(async () => t.close());

  it("answers 404 'Trace not found' to every call on another user's trace, changing nothing", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const attempts: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['get', 'GET', `/api/traces/ID`],
      ['patch', 'PATCH', `/api/traces/ID`, { title: 'hijacked' }],
      ['delete', 'DELETE', `/api/traces/ID`],
      ['restore', 'POST', `/api/traces/ID/restore`],
    ];
    for (const [name, method, url, payload] of attempts) {
      const theirs = await send(b, method, url.replace('ID', aTrace.id), payload);
      const none = await send(b, method, url.replace('ID', unknown), payload);
      expect(theirs.statusCode, name).toBe(404);
      expect(theirs.json(), name).toEqual({ error: 'Trace not found', code: 'not_found' });
      expect(theirs.json(), name).toEqual(none.json());
    }
    const restoreDeleted = await send(b, 'POST', `/api/traces/${aDeleted}/restore`);
    expect(restoreDeleted.statusCode).toBe(404);

    const mine = await send(a, 'GET', `/api/traces/${aTrace.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ title: 'A secret', access_count: 0 });
    expect((await send(a, 'GET', `/api/traces/${aDeleted}`)).statusCode).toBe(404);
  });

  it("never lists or counts the other user's traces, whatever the filters", async () => {
    for (const query of [
      '',
      '?search=quarterly',
      '?category=work',
      '?tags=shared',
      '?search=budget&tags=shared',
    ]) {
      const listA = (await send(a, 'GET', `/api/traces${query}`)).json();
      expect(listA.totalCount, query).toBe(1);
      expect(listA.traces.map((tr: { id: string }) => tr.id)).toEqual([aTrace.id]);
      expect((await send(b, 'GET', `/api/traces${query}`)).json().totalCount, query).toBe(3);
    }
  });

  it("keeps each user's stats, access counts and dedup to themselves", async () => {
    const bKey = await t.apiKey(b);
    const bAssistant = await t.principal(bKey);
    expect(await t.app.services.traces.recordAccess(bAssistant, [aTrace.id])).toBe(0);
    await expect(t.app.services.traces.get(bAssistant, aTrace.id)).rejects.toMatchObject({ status: 404 });
    expect((await t.as(bKey).get(`/api/traces/${aTrace.id}`)).status).toBe(404);
    const statsA = (await send(a, 'GET', '/api/stats')).json();
    expect(statsA).toMatchObject({ total_traces: 1, added_last_24h: 1, ai_queries: 0 });
    expect(statsA.daily.reduce((n: number, d: { queries: number }) => n + d.queries, 0)).toBe(0);
    expect((await send(b, 'GET', '/api/stats')).json()).toMatchObject({ total_traces: 3, ai_queries: 0 });

    // The same content for B is B's own new trace, not a duplicate of A's.
    const same = await send(b, 'POST', '/api/traces', { content: aTrace.content });
    expect(same.statusCode).toBe(201);
    expect(same.json().duplicate_of).toBeUndefined();
  });

  it('holds at the database too: the search function and the counters see only the current user', async () => {
    const asB = await t.db.asUser(b.userId, async (tx) => ({
      matches: await tx.query<{ id: string }>(
        "SELECT id FROM cairn_trace_matches('secret', NULL, NULL, NULL, NULL, false)",
      ),
      everything: await tx.query<{ id: string }>(
        "SELECT id FROM cairn_trace_matches('', NULL, NULL, NULL, NULL, false)",
      ),
      counters: await tx.query<{ user_id: string }>('SELECT user_id FROM trace_counters'),
      traces: await tx.query<{ user_id: string }>('SELECT DISTINCT user_id FROM traces'),
    }));
    expect(asB.matches).toEqual([]);
    expect(asB.everything.length).toBeGreaterThan(0);
    expect(asB.everything.map((r) => r.id)).not.toContain(aTrace.id);
    expect(asB.counters.map((r) => r.user_id)).toEqual([b.userId]);
    expect(asB.traces.map((r) => r.user_id)).toEqual([b.userId]);
    // Outside asUser there is no current user: the function returns nothing at all.
    const asSystem = await t.db.asSystem((tx) =>
      tx.query("SELECT id FROM cairn_trace_matches('', NULL, NULL, NULL, NULL, false)"),
    );
    expect(asSystem).toEqual([]);
  });
});

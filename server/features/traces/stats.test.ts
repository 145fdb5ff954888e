// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) with the counters trigger and the per-day access log, the traces service, a
// web session and an assistant's API key issued by the real routes. Faked: rows are backdated with
// SQL to test the 24-hour and 30-day windows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../http/principal.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

describe('GET /api/stats and the counters behind it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function newUser() {
    const u = await t.signUp();
    const session = await t.principal(u);
    // An assistant's API key, made on first use: once used, a key counts as an integration.
    let assistantPrincipal: Principal | undefined;
    const assistant = async () => (assistantPrincipal ??= await t.principal(await t.apiKey(u)));
    const stats = async () => {
      const res = await t.as(u).get('/api/stats');
      expect(res.status, res.body).toBe(200);
      return res.json;
    };
    const create = async (content: string, category?: 'work' | 'fact') =>
      (await t.app.services.traces.create(session, { content, category })).trace.id;
    return { ...u, session, assistant, stats, create };
  }
  const utcDay = (d: Date) => d.toISOString().slice(0, 10);
  const dbNow = async () =>
    (await t.db.asSystem((tx) => tx.query<{ now: Date }>('SELECT now() AS now')))[0]!.now;

  it('starts at zero with 30 zero-filled UTC days, oldest first, ending today', async () => {
    const u = await newUser();
    const stats = await u.stats();
    expect(stats).toMatchObject({ total_traces: 0, added_last_24h: 0, integrations: 0, ai_queries: 0 });
    expect(stats.daily).toHaveLength(30);
    const today = new Date(`${utcDay(await dbNow())}T00:00:00Z`);
    stats.daily.forEach((day, i) => {
      expect(day).toEqual({
        date: utcDay(new Date(today.getTime() - (29 - i) * 86_400_000)),
        added: 0,
        queries: 0,
      });
    });
  });

  it('counts active traces, the last 24 hours, AI queries, and the per-day series', async () => {
    const u = await newUser();
    const [fresh, dayOld, weekOld, old, deleted] = [
      await u.create('fresh'),
      await u.create('a day and an hour old'),
      await u.create('five days old'),
      await u.create('forty days old'),
      await u.create('deleted today'),
    ];
    await t.db.asSystem((tx) =>
      tx.query(
        `UPDATE traces SET created_at = now() - CASE id
            WHEN $1::uuid THEN interval '25 hours' WHEN $2::uuid THEN interval '5 days'
            ELSE interval '40 days' END
          WHERE id IN ($1, $2, $3)`,
        [dayOld, weekOld, old],
      ),
    );
    await t.app.services.traces.remove(u.session, deleted);
    await t.app.services.traces.recordAccess(await u.assistant(), [fresh, old]);
    await t.app.services.traces.recordAccess(await u.assistant(), [fresh]);
    await t.app.services.traces.get(await u.assistant(), weekOld);
    // Yesterday's retrievals, logged yesterday; and some long before the window.
    await t.db.asSystem((tx) =>
      tx.query(
        `INSERT INTO trace_access_daily (user_id, day, count) VALUES
           ($1, (now() AT TIME ZONE 'UTC')::date - 1, 7), ($1, (now() AT TIME ZONE 'UTC')::date - 45, 9)`,
        [u.userId],
      ),
    );

    const stats = await u.stats();
    expect(stats).toMatchObject({ total_traces: 4, added_last_24h: 1, integrations: 1, ai_queries: 4 });
    const created = await t.db.asSystem((tx) =>
      tx.query<{ created_at: Date }>('SELECT created_at FROM traces WHERE user_id = $1 AND is_active', [
        u.userId,
      ]),
    );
    const expectedAdded = new Map<string, number>();
    for (const { created_at } of created) {
      expectedAdded.set(utcDay(created_at), (expectedAdded.get(utcDay(created_at)) ?? 0) + 1);
    }
    const now = await dbNow();
    const byDate = new Map(stats.daily.map((d) => [d.date, d]));
    expect(stats.daily.reduce((n, d) => n + d.added, 0)).toBe(3); // the 40-day-old one is outside
    for (const [date, n] of expectedAdded) if (byDate.has(date)) expect(byDate.get(date)!.added).toBe(n);
    expect(byDate.get(utcDay(now))!.queries).toBe(4);
    expect(byDate.get(utcDay(new Date(now.getTime() - 86_400_000)))!.queries).toBe(7);
    expect(stats.daily.reduce((n, d) => n + d.queries, 0)).toBe(11);

    // AI queries follow the active traces: a deleted trace's accesses drop out, and come back.
    await t.app.services.traces.remove(u.session, fresh);
    expect((await u.stats()).ai_queries).toBe(2);
    await t.app.services.traces.restore(u.session, fresh);
    expect((await u.stats()).ai_queries).toBe(4);
  });

  it('keeps the counters equal to the rows through every kind of write', async () => {
    const u = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await u.create(`note ${i}`, i % 3 ? 'work' : 'fact'));
    const svc = t.app.services.traces;
    await svc.update(u.session, ids[0]!, { category: 'personal' });
    await svc.update(u.session, ids[1]!, { category: 'preference', content: 'changed' });
    await svc.remove(u.session, ids[2]!);
    await svc.remove(u.session, ids[3]!);
    await svc.restore(u.session, ids[3]!);
    await svc.recordAccess(await u.assistant(), ids.slice(0, 6));
    await svc.recordAccess(await u.assistant(), [ids[0]!]);
    // A bulk statement touching many rows at once (as an import or a purge would).
    await t.db.asUser(u.userId, (tx) =>
      tx.query("UPDATE traces SET category = 'context' WHERE user_id = $1 AND content LIKE 'note 1%'", [
        u.userId,
      ]),
    );
    await t.db.asSystem((tx) => tx.query('DELETE FROM traces WHERE id = $1', [ids[4]]));

    type Counts = Record<'active' | 'personal' | 'work' | 'preference' | 'fact' | 'context', number> & {
      access_sum: number;
    };
    const [counters, actual] = await t.db.asSystem(async (tx) => [
      (await tx.query<Counts>('SELECT * FROM trace_counters WHERE user_id = $1', [u.userId]))[0]!,
      (
        await tx.query<Counts>(
          `SELECT count(*) FILTER (WHERE is_active)::int AS active,
                  count(*) FILTER (WHERE is_active AND category = 'personal')::int AS personal,
                  count(*) FILTER (WHERE is_active AND category = 'work')::int AS work,
                  count(*) FILTER (WHERE is_active AND category = 'preference')::int AS preference,
                  count(*) FILTER (WHERE is_active AND category = 'fact')::int AS fact,
                  count(*) FILTER (WHERE is_active AND category = 'context')::int AS context,
                  coalesce(sum(access_count) FILTER (WHERE is_active), 0)::int AS access_sum
             FROM traces WHERE user_id = $1`,
          [u.userId],
        )
      )[0]!,
    ]);
    expect({ ...counters, access_sum: Number(counters.access_sum) }).toEqual({
      user_id: u.userId,
      ...actual,
    });
    // 6 counted (the deleted one skipped), then a counted row was removed for good.
    expect(actual).toMatchObject({ active: 10, access_sum: 5 });
    const list = await svc.list(u.session, { category: 'work', tags: [], page: 1, pageSize: 12 });
    expect(list.totalCount).toBe(actual.work);
    expect(list.traces).toHaveLength(actual.work);
  });

  it('lets an account with traces be deleted (cascades past the counters)', async () => {
    const u = await newUser();
    await u.create('soon gone');
    await t.app.services.traces.recordAccess(await u.assistant(), [await u.create('also gone')]);
    await t.db.asSystem((tx) => tx.query('DELETE FROM users WHERE id = $1', [u.userId]));
    const left = await t.db.asSystem((tx) =>
      tx.query(
        `SELECT (SELECT count(*) FROM traces WHERE user_id = $1)::int AS traces,
                (SELECT count(*) FROM trace_counters WHERE user_id = $1)::int AS counters,
                (SELECT count(*) FROM trace_access_daily WHERE user_id = $1)::int AS daily`,
        [u.userId],
      ),
    );
    expect(left[0]).toEqual({ traces: 0, counters: 0, daily: 0 });
  });
});

// Real: the migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL), the traces service
// and its title backfill, the full-text trigger. Faked: an earlier version's untitled rows, written
// with SQL as that version left them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

describe('titles for traces stored without one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('draws each one from its content, for every user, leaving updated_at and search as they were', async () => {
    const people = [await t.signUp(), await t.signUp()];
    const ids: string[] = [];
    for (const [i, person] of people.entries()) {
      for (const content of [
        `Passport ${i} expires in 2031. Renew in spring.`,
        `- [ ] Water the fern ${i}`,
      ]) {
        const { id } = await t.trace(person, { content, category: 'fact', importance: 'low', tags: [] });
        ids.push(id);
      }
    }
    // As an earlier version stored them.
    await t.db.asSystem((tx) =>
      tx.query('UPDATE traces SET title = NULL, title_generated = false WHERE id = ANY($1::uuid[])', [ids]),
    );
    const before = await t.db.asSystem((tx) =>
      tx.query<{ id: string; updated_at: Date; lexemes: string }>(
        `SELECT t.id, t.updated_at, f.lexemes::text AS lexemes FROM traces t JOIN trace_fulltext f ON f.trace_id = t.id
          WHERE t.id = ANY($1::uuid[]) ORDER BY t.id`,
        [ids],
      ),
    );
    expect(await t.app.services.traces.backfillTitles({ slice: 3 })).toBe(4);
    const after = await t.db.asSystem((tx) =>
      tx.query<{ id: string; title: string; title_generated: boolean; updated_at: Date; lexemes: string }>(
        `SELECT t.id, t.title, t.title_generated, t.updated_at, f.lexemes::text AS lexemes
           FROM traces t JOIN trace_fulltext f ON f.trace_id = t.id WHERE t.id = ANY($1::uuid[]) ORDER BY t.id`,
        [ids],
      ),
    );
    expect(after.map((r) => r.title).sort()).toEqual([
      'Passport 0 expires in 2031',
      'Passport 1 expires in 2031',
      'Water the fern 0',
      'Water the fern 1',
    ]);
    expect(after.every((r) => r.title_generated)).toBe(true);
    expect(after.map((r) => [r.updated_at, r.lexemes])).toEqual(before.map((r) => [r.updated_at, r.lexemes]));
    // Nothing left untitled, and a second run finds nothing to do.
    const [left] = await t.db.asSystem((tx) =>
      tx.query<{ n: number }>('SELECT count(*)::int AS n FROM traces WHERE title IS NULL'),
    );
    expect(left?.n).toBe(0);
    expect(await t.app.services.traces.backfillTitles()).toBe(0);
  });
});

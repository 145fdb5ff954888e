// Real: the migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL, where each request
// is its own transaction on its own pooled connection), the whole HTTP path through app.inject().
// Faked: the embedding model (the network edge), as everywhere.
// On PostgreSQL, one account searching while it wrote deadlocked (40P01, answered 500): a search
// locked its results FOR UPDATE and then its counters row, while a create held the counters row
// and then key-share locked the near-duplicates it recorded (issue 26, item 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApiKey, type TestApp } from '../../test-support/test-app.js';

const RUN_MS = 4000;
const WORDS = ['garden', 'river', 'lamp', 'window', 'kettle', 'orchard', 'ladder', 'harbour'];

describe('one account searching while it writes', () => {
  let t: TestApp;
  let key: TestApiKey;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.signUp();
    key = await t.apiKey(user);
    for (let i = 0; i < 24; i++) {
      const res = await t.as(key).post('/api/traces', { content: sentence(i), category: 'fact' });
      ids.push(res.json.id);
    }
  });
  afterAll(async () => t.close());

  it('answers every request with no 5xx (4 writers, 4 searchers)', async () => {
    const statuses: number[] = [];
    const failures: string[] = [];
    const until = Date.now() + RUN_MS;
    const loop = async (step: (n: number) => Promise<{ status: number; body: string }>) => {
      for (let n = 0; Date.now() < until; n++) {
        const res = await step(n);
        statuses.push(res.status);
        if (res.status >= 500) failures.push(`${res.status} ${res.body}`);
      }
    };
    const client = t.as(key);
    let written = 1000;
    await Promise.all([
      // Writers: new near-duplicates of the searched notes (recorded with a key-share lock on
      // them), and edits, one by one and in bulk, of the very notes the searches return and count.
      ...Array.from({ length: 2 }, () =>
        loop(() => client.post('/api/traces', { content: sentence(written++) })),
      ),
      loop((n) => client.patch(`/api/traces/${ids[n % ids.length]}`, { importance: (n % 5) + 1 })),
      // A bulk edit of every note the searches may count, listed in reverse.
      loop((n) =>
        client.post('/api/traces/bulk', {
          action: n % 2 ? 'remove_tag' : 'add_tag',
          ids: [...ids].reverse(),
          tag: 'busy',
        }),
      ),
      ...Array.from({ length: 4 }, (_, s) =>
        loop((n) => client.post('/api/search', { query: WORDS[(n + s) % WORDS.length]!, limit: 10 })),
      ),
    ]);
    expect(failures).toEqual([]);
    expect(statuses.length).toBeGreaterThan(8);
  });
});

/** Notes that share words, so every search returns several and every new one has near-duplicates. */
function sentence(i: number): string {
  const w = (k: number) => WORDS[(i + k) % WORDS.length];
  return `The ${w(0)} by the ${w(1)} and the ${w(2)} near the ${w(3)}, note ${i}`;
}

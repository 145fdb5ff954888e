// Real: the migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL, where each search
// is its own transaction on its own pooled connection), the search and traces services.
// On PostgreSQL, 40 parallel searches with overlapping results used to fail with "deadlock
// detected": counting the results' accesses locked rows in scan order (traces.repo incrementAccess).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../http/principal.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

describe('parallel searches', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let userId: string;
  const as = (via: Principal['via']): Principal => ({
    userId,
    via,
    scopes: ['read:traces', 'write:traces'],
    credentialId: `${via}-test`,
  });

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await signUpAndLogin(t.app)).userId;
    for (let i = 0; i < 30; i++) {
      await t.app.services.traces.create(as('session'), {
        content: `Shared result number ${i} about gardens and words ${i % 5}`,
      });
    }
  });
  afterAll(async () => t.close());

  it('count every result of 120 overlapping assistant searches, none failing', async () => {
    const queries = ['shared result', 'gardens words', 'result number', 'about gardens', 'words 3 shared'];
    let returned = 0;
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.allSettled(
        Array.from({ length: 40 }, (_, c) =>
          t.app.services.search.search(as('api_key'), { query: queries[c % queries.length]!, limit: 10 }),
        ),
      );
      const failures = answers.flatMap((a) => (a.status === 'rejected' ? [String(a.reason)] : []));
      expect(failures).toEqual([]);
      for (const a of answers) if (a.status === 'fulfilled') returned += a.value.results.length;
    }
    const rows = await t.db.asSystem((tx) =>
      tx.query<{ total: number }>('SELECT sum(access_count)::int AS total FROM traces WHERE user_id = $1', [
        userId,
      ]),
    );
    expect(rows[0]?.total).toBe(returned);
  });
});

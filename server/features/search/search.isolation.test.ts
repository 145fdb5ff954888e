// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) with row-level security, cairn_fulltext_search / cairn_similar_traces (which
// read app.user_id), the embedding worker. Faked: the embedding model (feature hashing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeEmbedder } from '../../embeddings/fake-embedder.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type User = Awaited<ReturnType<typeof signUpAndLogin>>;

describe('search: one user never sees another user’s traces', () => {
  let t: TestApp;
  let a: User;
  let b: User;
  const aIds: string[] = [];
  // min_relevance 0: every candidate comes back, so the test sees all that isolation lets through.
  const search = (u: User, query: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: u.headers,
      payload: { query, limit: 50, min_relevance: 0 },
    });
  const create = (u: User, content: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/traces',
      headers: u.headers,
      payload: { content, tags: ['shared'] },
    });

  beforeAll(async () => {
    t = await createTestApp({}, { embedder: createFakeEmbedder({ dimension: 512 }) });
    a = await signUpAndLogin(t.app);
    b = await signUpAndLogin(t.app);
    for (const content of [
      'Secret launch codes are zebra-42',
      'Quarterly budget numbers for the board',
      'Zebra crossing near the office',
    ]) {
      aIds.push((await create(a, content)).json().id);
    }
    await create(b, 'My own quarterly budget draft');
    await t.app.services.embeddingWorker.drain();
  });
  afterAll(async () => t.close());

  it('returns only the caller’s traces from both arms, for the same words', async () => {
    const mine = (await search(a, 'quarterly budget zebra')).json();
    expect(mine.results.length).toBe(3);
    expect(mine.results.every((r: { id: string }) => aIds.includes(r.id))).toBe(true);
    const theirs = (await search(b, 'quarterly budget zebra launch codes')).json();
    expect(theirs.results.map((r: { content: string }) => r.content)).toEqual([
      'My own quarterly budget draft',
    ]);
    // The vector arm always offers nearest neighbours, but only among B's own traces.
    const zebra = (await search(b, 'zebra')).json().results as { id: string; matched: string[] }[];
    expect(zebra.some((r) => aIds.includes(r.id))).toBe(false);
    expect(zebra.every((r) => !r.matched.includes('fulltext'))).toBe(true);
  });

  it('lists near-duplicates of the caller’s own traces only', async () => {
    const res = await create(b, 'Secret launch codes are zebra-42!');
    expect(res.statusCode).toBe(201);
    expect(res.json().similar).toBeUndefined();
  });

  it('answers nothing from the search functions outside a user transaction', async () => {
    const rows = await t.db.asSystem((tx) =>
      tx.query(
        "SELECT * FROM cairn_fulltext_search('zebra', 10, NULL, NULL, NULL, 1.2, 0.75, 2, 2000, NULL, false)",
      ),
    );
    expect(rows).toEqual([]);
    const similar = await t.db.asSystem((tx) =>
      tx.query("SELECT * FROM cairn_similar_traces(NULL, 'Secret launch codes are zebra-42', 0.1, 5)"),
    );
    expect(similar).toEqual([]);
  });

  it('keeps vectors, queue rows and term statistics behind row-level security', async () => {
    const seen = await t.db.asUser(b.userId, async (tx) => ({
      vectors: await tx.query<{ user_id: string }>('SELECT user_id FROM trace_embeddings'),
      jobs: await tx.query<{ user_id: string }>('SELECT user_id FROM embedding_jobs'),
      terms: await tx.query<{ user_id: string }>('SELECT DISTINCT user_id FROM fulltext_terms'),
      docs: await tx.query<{ user_id: string }>('SELECT DISTINCT user_id FROM trace_fulltext'),
    }));
    expect(seen.vectors.length).toBeGreaterThan(0);
    for (const rows of Object.values(seen)) expect(rows.every((r) => r.user_id === b.userId)).toBe(true);
  });
});

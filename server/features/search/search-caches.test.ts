// Real: pure code (the LRU and the two search caches), then the search service on the migrated
// database (PGlite, or PostgreSQL under TEST_DATABASE_URL) with the fake embedder, which counts
// the queries it is asked to embed. Faked: the embedding model (the network edge of search).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeEmbedder } from '../../embeddings/fake-embedder.js';
import type { Principal } from '../../http/principal.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createLru } from '../../lib/lru.js';
import { createDocumentFrequencyCache, createQueryVectorCache } from './search-caches.js';

describe('createLru', () => {
  it('drops the least recently used entry past its bound', () => {
    const lru = createLru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the newest
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
    expect(lru.size).toBe(2);
  });
});

describe('the search caches', () => {
  it('keys query vectors by model and text', () => {
    const cache = createQueryVectorCache(4);
    cache.set('model-a', 'where do I live', [1, 2]);
    expect(cache.get('model-a', 'where do I live')).toEqual([1, 2]);
    expect(cache.get('model-b', 'where do I live')).toBeUndefined();
    expect(cache.get('model-a', 'where do I work')).toBeUndefined();
  });

  it('answers document frequencies only for the version it read them at, absent words included', () => {
    const cache = createDocumentFrequencyCache();
    cache.store('u1', 7, ['dentist', 'zebra'], new Map([['dentist', 3]]));
    expect(cache.lookup('u1', 7, ['dentist', 'zebra', 'coffe'])).toEqual({
      known: new Map([['dentist', 3]]),
      missing: ['coffe'],
    });
    expect(cache.lookup('u1', 8, ['dentist']).missing).toEqual(['dentist']);
    expect(cache.lookup('u2', 7, ['dentist']).missing).toEqual(['dentist']);
  });
});

describe('search with its caches', () => {
  let t: TestApp;
  let principal: Principal;
  const embedded: string[] = [];

  beforeAll(async () => {
    const embedder = createFakeEmbedder({ dimension: 512, onEmbed: (texts) => void embedded.push(...texts) });
    t = await createTestApp({}, { embedder });
    const user = await t.signUp();
    principal = await t.principal(user);
    for (const content of [
      'Dentist appointment moved to Tuesday at 3 pm.',
      'The dentist said to floss every night.',
      'Coffee: black, no sugar.',
    ])
      await t.trace(user, { content, category: 'personal', importance: 'medium', tags: [] });
    await t.app.services.embeddingWorker.drain();
  });
  afterAll(() => t.close());

  it('embeds a repeated query once and answers it the same', async () => {
    const search = (query: string) => t.app.services.search.rank(principal, { query, min_relevance: 0 });
    embedded.length = 0;
    const first = await search('when is the dentist');
    const second = await search('when is the dentist');
    expect(embedded.filter((e) => e.includes('when is the dentist'))).toHaveLength(1);
    // The relevances and order; the sort key's recency prior moves with the clock.
    const answer = (r: typeof first) => r.candidates.map((c) => [c.id, c.relevance]);
    expect(answer(second)).toEqual(answer(first));
  });

  it('reads document frequencies again once a write changed them', async () => {
    const dfOf = async (lexeme: string) =>
      (
        await t.app.services.search.rank(principal, { query: 'dentist floss', min_relevance: 0 })
      ).terms.df.get(lexeme);
    const before = await dfOf('tuesday');
    const other = await t.signUp(); // another person's write changes nothing here
    await t.trace(other, { content: 'Tuesday: gym.', category: 'personal', importance: 'low', tags: [] });
    expect(await dfOf('tuesday')).toBe(before);
    await t.app.services.traces.create(principal, { content: 'Tuesday night is pizza night.' });
    expect(await dfOf('tuesday')).toBe((before ?? 1) + 1);
  });
});

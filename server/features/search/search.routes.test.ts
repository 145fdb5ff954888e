// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) with its full-text tables, HNSW-indexed vectors and the embedding queue, the
// embedding worker, API keys. Faked: the embedding model (the feature-hashing fake: words, not
// meaning — search.quality.test.ts uses the real model), which can be told to fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '../../../contract/search.js';
import { EmbeddingError } from '../../embeddings/embedder.js';
import { createFakeEmbedder } from '../../embeddings/fake-embedder.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Result = {
  id: string;
  title: string | null;
  snippet: string;
  matched: string[];
  score: number;
  relevance: number;
};

describe('search over HTTP', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let keyHeaders: { authorization: string };
  let failQueries = false;
  const ids: Record<string, string> = {};
  const post = (payload: object, h = headers) =>
    t.app.inject({ method: 'POST', url: '/api/search', headers: h, payload });
  const get = (qs: string, h = headers) =>
    t.app.inject({ method: 'GET', url: `/api/search?${qs}`, headers: h });
  const titles = (body: { results: Result[] }) => body.results.map((r) => r.title);

  beforeAll(async () => {
    const embedder = createFakeEmbedder({
      dimension: 512,
      onEmbed: (texts) => {
        if (failQueries && texts.length === 1 && texts[0]!.startsWith('q:')) {
          throw new EmbeddingError('model offline', { retryable: true });
        }
      },
    });
    t = await createTestApp({}, { embedder });
    const user = await signUpAndLogin(t.app);
    headers = user.headers;
    const notes = [
      {
        title: 'Dentist',
        content: 'Dentist appointment moved to Tuesday at 3 pm.',
        category: 'personal',
        tags: ['health'],
        importance: 'high',
      },
      {
        title: 'Coffee',
        content: 'I take my coffee black, no sugar.',
        category: 'preference',
        tags: ['food'],
        importance: 'low',
      },
      {
        title: 'Budget',
        content: 'The quarterly budget review with finance is on Friday.',
        category: 'work',
        tags: ['finance', 'meetings'],
        importance: 'medium',
      },
      {
        title: 'Python',
        content: 'The data pipeline is written in Python 3.12 with pandas.',
        category: 'work',
        tags: ['coding'],
        importance: 'medium',
      },
      {
        title: 'Long note',
        content: `${'Nothing to see in this sentence. '.repeat(40)}The spare key is under the blue flowerpot. ${'More filler words follow here. '.repeat(40)}`,
        category: 'fact',
        tags: [],
        importance: 'medium',
      },
    ];
    for (const n of notes) {
      const res = await t.app.inject({ method: 'POST', url: '/api/traces', headers, payload: n });
      ids[n.title] = res.json().id;
    }
    await t.app.services.embeddingWorker.drain();
    const key = await t.app.services.apiKeys.create(
      { userId: user.userId, via: 'session', scopes: ['read:traces', 'write:traces'], credentialId: 'x' },
      { name: 'search test' },
    );
    keyHeaders = { authorization: `Bearer ${key.key}` };
  });
  afterAll(async () => t.close());

  it('answers POST /api/search with ranked results in the contract shape', async () => {
    const res = await post({ query: 'When is my dentist appointment?' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mode).toBe('hybrid');
    expect(body.query).toBe('When is my dentist appointment?');
    const [top] = body.results as Result[];
    expect(top).toMatchObject({
      id: ids.Dentist,
      title: 'Dentist',
      content: 'Dentist appointment moved to Tuesday at 3 pm.',
      category: 'personal',
      importance: 'high',
      tags: ['health'],
      snippet: 'Dentist appointment moved to Tuesday at 3 pm.',
      matched: ['fulltext', 'vector'],
    });
    expect(top!.score).toBeGreaterThan(0);
    const scores = (body.results as Result[]).map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('answers GET /api/search?q= the same way', async () => {
    const viaPost = (await post({ query: 'quarterly budget' })).json();
    const viaGet = (await get('q=quarterly%20budget')).json();
    expect(viaGet.results.map((r: Result) => r.id)).toEqual(viaPost.results.map((r: Result) => r.id));
    expect(viaGet.results[0].id).toBe(ids.Budget);
  });

  it('finds stemmed forms by full text', async () => {
    const body = (await post({ query: 'budgets reviewed' })).json();
    const hit = (body.results as Result[]).find((r) => r.id === ids.Budget);
    expect(hit?.matched).toContain('fulltext');
  });

  it('refuses an empty or blank query with a 400 that says what to send', async () => {
    for (const query of ['', '   ', '\n\t']) {
      const res = await post({ query });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        error: 'query: Query is required: send the words to search for',
      });
    }
    expect((await get('q=%20%20')).statusCode).toBe(400);
    const missing = await get('limit=3');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^q: /);
    expect((await post({})).statusCode).toBe(400);
  });

  it('takes limit between 1 and 50, 10 by default', async () => {
    expect((await post({ query: 'x', limit: 0 })).json().error).toBe('limit: limit must be at least 1');
    expect((await post({ query: 'x', limit: 51 })).statusCode).toBe(400);
    expect((await get('q=x&limit=51')).statusCode).toBe(400);
    expect((await post({ query: 'note', limit: 2 })).json().results.length).toBeLessThanOrEqual(2);
    // Every trace shares some word with this query through the fake model's hashing.
    const all = (await post({ query: 'the is a to in with my no', min_relevance: 0 })).json();
    expect(all.results.length).toBeGreaterThan(0);
    expect(all.results.length).toBeLessThanOrEqual(SEARCH_LIMITS.limitDefault);
  });

  it('filters by category, tags and importance in both arms', async () => {
    // Each note holds one of the four words: weak matches, so every one is asked for.
    const q = 'budget dentist coffee python';
    const any = { query: q, min_relevance: 0 };
    expect(titles((await post({ ...any, category: 'work' })).json()).sort()).toEqual(['Budget', 'Python']);
    expect(titles((await post({ ...any, tags: ['Finance'] })).json())).toEqual(['Budget']);
    expect(titles((await post({ ...any, importance: 'high' })).json())).toEqual(['Dentist']);
    expect(
      titles(
        (await get(`q=${encodeURIComponent(q)}&tags=finance,meetings&category=work&min_relevance=0`)).json(),
      ),
    ).toEqual(['Budget']);
    expect((await post({ ...any, tags: ['finance', 'health'] })).json().results).toEqual([]);
  });

  it('gives each result a relevance in [0, 1] and leaves out those below min_relevance', async () => {
    const all = (await post({ query: 'dentist appointment coffee', min_relevance: 0, limit: 50 })).json();
    expect(all.results.length).toBeGreaterThan(1);
    for (const r of all.results as Result[]) {
      expect(r.relevance).toBeGreaterThanOrEqual(0);
      expect(r.relevance).toBeLessThanOrEqual(1);
    }
    const cut = (all.results as Result[])[1]!.relevance;
    const strict = (
      await post({ query: 'dentist appointment coffee', min_relevance: cut, limit: 50 })
    ).json();
    expect(strict.results.map((r: Result) => r.id)).toEqual(
      (all.results as Result[]).filter((r) => r.relevance >= cut).map((r) => r.id),
    );
    for (const bad of [-0.1, 1.5, 'high']) {
      const res = await post({ query: 'dentist', min_relevance: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/min_relevance/);
    }
    expect((await get('q=dentist&min_relevance=2')).statusCode).toBe(400);
  });

  it('answers an empty list with a message when nothing is relevant enough', async () => {
    const res = await post({ query: 'dentist', min_relevance: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([]);
    expect(res.json().message).toMatch(/^Nothing relevant found/);
    expect((await post({ query: 'dentist', min_relevance: 0 })).json().message).toBeUndefined();
  });

  it('lists the closest few as weak matches when asked, and only then', async () => {
    const strict = (await post({ query: 'dentist appointment', min_relevance: 1 })).json();
    expect(strict.results).toEqual([]);
    const weak = (await post({ query: 'dentist appointment', min_relevance: 1, weak_matches: true })).json();
    expect(weak.results.length).toBeGreaterThan(0);
    expect(weak.results.length).toBeLessThanOrEqual(SEARCH_LIMITS.weakMatchMax);
    expect(weak.results[0]).toMatchObject({ title: 'Dentist', weak: true });
    for (const r of weak.results as (Result & { weak?: boolean })[]) {
      expect(r.weak).toBe(true);
      expect(r.relevance).toBeLessThan(1);
    }
    expect(weak.message).toMatch(/^Only weak matches: no memory reached relevance 1\./);
    // Above the threshold nothing is marked weak; over GET too.
    const open = (await post({ query: 'dentist appointment', min_relevance: 0, weak_matches: true })).json();
    expect(open.results.some((r: { weak?: boolean }) => r.weak)).toBe(false);
    expect(
      (await get('q=dentist%20appointment&min_relevance=1&weak_matches=true')).json().results[0].weak,
    ).toBe(true);
    expect((await get('q=dentist&weak_matches=maybe')).statusCode).toBe(400);
  });

  it('shows a snippet of at most 300 characters around the matching words of a long note', async () => {
    const body = (await post({ query: 'where is the spare key?' })).json();
    const hit = (body.results as Result[]).find((r) => r.id === ids['Long note'])!;
    expect(hit.snippet.length).toBeLessThanOrEqual(300);
    expect(hit.snippet).toContain('The spare key is under the blue flowerpot.');
  });

  it('counts results as accesses for an API key, not for the owner in the web app', async () => {
    const count = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/traces/${ids.Coffee}`, headers })).json().access_count;
    const before = await count();
    await post({ query: 'coffee' });
    expect(await count()).toBe(before);
    const res = await post({ query: 'coffee' }, keyHeaders);
    expect(res.json().results.map((r: Result) => r.id)).toContain(ids.Coffee);
    expect(await count()).toBe(before + 1);
    // Candidates left out by the threshold were not retrieved: they do not count.
    await post({ query: 'coffee', min_relevance: 1 }, keyHeaders);
    expect(await count()).toBe(before + 1);
  });

  it('answers from full text alone, with mode fulltext, when the model fails', async () => {
    failQueries = true;
    try {
      const res = await post({ query: 'q: dentist' });
      expect(res.statusCode).toBe(200);
      expect(res.json().mode).toBe('fulltext');
      expect(res.json().results[0]).toMatchObject({ id: ids.Dentist, matched: ['fulltext'] });
    } finally {
      failQueries = false;
    }
  });

  it('requires a credential, and read:traces', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'x' } })).statusCode,
    ).toBe(401);
    const principal = {
      userId: 'x',
      via: 'api_key' as const,
      scopes: ['write:traces' as const],
      credentialId: 'k',
    };
    await expect(t.app.services.search.search(principal, { query: 'x' })).rejects.toMatchObject({
      status: 403,
      code: 'insufficient_scope',
    });
  });

  it('validates service callers (MCP) with the same rules', async () => {
    const user = {
      userId: 'x',
      via: 'api_key' as const,
      scopes: ['read:traces' as const],
      credentialId: 'k',
    };
    await expect(t.app.services.search.search(user, { query: '  ' })).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
  });

  it('documents both routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/search'])).toEqual(expect.arrayContaining(['get', 'post']));
  });
});

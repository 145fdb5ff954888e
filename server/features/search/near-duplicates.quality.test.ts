// Real: the bundled embedding model (USE-lite in a worker thread), the embedding queue and its
// worker code, the migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL), Fastify
// through app.inject. Faked: nothing. Guards the threshold of near-duplicates by meaning on the
// paraphrase fixture, and both ways a new trace gets them: inline on create, or by the worker.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dot } from '../../embeddings/embedder.js';
import { createLocalEmbedder } from '../../embeddings/local-embedder.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';
import { MEANING } from './near-duplicates.js';

type Pair = { a: string; b: string; same: boolean };
const FIXTURE = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/paraphrases.json', import.meta.url), 'utf8'),
) as { pairs: Pair[] };
type Similar = { id: string; similarity: number; found_by: 'words' | 'meaning' };

describe('near-duplicates by meaning (real model)', () => {
  const embedder = createLocalEmbedder({ threads: 1 });
  afterAll(async () => embedder.close());

  it('tells paraphrases from different memories on the fixture at the shipped threshold', async () => {
    let truePositive = 0;
    let falsePositive = 0;
    let falseNegative = 0;
    for (const p of FIXTURE.pairs) {
      const [a, b] = await embedder.embed([p.a, p.b]);
      const flagged = dot(a!, b!) >= MEANING.minCosine;
      if (flagged && p.same) truePositive++;
      else if (flagged) falsePositive++;
      else if (p.same) falseNegative++;
    }
    // Measured at 0.78: precision 1.0, recall 0.875 (14 of 16). A lower threshold lets a
    // different memory in; a higher one misses paraphrases.
    const precision = truePositive / (truePositive + falsePositive);
    const recall = truePositive / (truePositive + falseNegative);
    expect(FIXTURE.pairs.filter((p) => p.same).length).toBeGreaterThanOrEqual(15);
    expect(FIXTURE.pairs.filter((p) => !p.same).length).toBeGreaterThanOrEqual(15);
    expect(precision).toBeGreaterThanOrEqual(0.93);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  }, 120_000);
});

describe.each([
  { way: 'inline on create', inlineEmbeddingMs: 60_000 },
  { way: 'by the embedding worker', inlineEmbeddingMs: 0 },
])('a near-duplicate by meaning found $way', ({ inlineEmbeddingMs }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let headers: { authorization: string };
  const create = (content: string) =>
    t.app.inject({ method: 'POST', url: '/api/traces', headers, payload: { content, category: 'fact' } });
  const similarOf = (id: string) =>
    t.app.inject({ method: 'GET', url: `/api/traces/${id}/similar`, headers });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A generous budget: what is tested is what create does with the vector, not how fast it came.
    t = await createTestApp({}, { embedder: createLocalEmbedder({ threads: 1 }), inlineEmbeddingMs });
    headers = (await signUpAndLogin(t.app)).headers;
    for (const [key, content] of [
      ['penicillin', "I'm allergic to penicillin; it gives me hives."],
      ['cats', "I'm allergic to cat hair; it makes me sneeze."],
      ['car', 'My car is a blue Toyota Corolla from 2015.'],
    ] as const) {
      ids[key] = (await create(content)).json().id;
    }
    await t.app.services.embeddingWorker.drain();
  }, 180_000);
  afterAll(async () => t?.close());

  it('is surfaced with its relevance, where words alone would miss it, and kept on both traces', async () => {
    const res = await create('Penicillin allergy: I break out in a rash if I take it.');
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const answered = (res.json().similar ?? []) as Similar[];
    if (inlineEmbeddingMs > 0) {
      expect(answered.map((s) => [s.id, s.found_by])).toEqual([[ids.penicillin, 'meaning']]);
      expect(answered[0]!.similarity).toBeGreaterThanOrEqual(MEANING.minCosine);
      expect(answered[0]!.similarity).toBeLessThanOrEqual(1);
      // Embedded inline and stored right after the commit: nothing left for the queue.
      await t.app.services.embeddingWorker.settled();
      expect((await t.app.services.embeddingWorker.counts()).queued).toBe(0);
    } else {
      // Words alone do not see it; the worker does once it embeds the text.
      expect(answered).toEqual([]);
      expect((await t.app.services.embeddingWorker.counts()).queued).toBe(1);
      await t.app.services.embeddingWorker.drain();
    }
    const kept = (await similarOf(id)).json().similar as Similar[];
    expect(kept.map((s) => [s.id, s.found_by])).toEqual([[ids.penicillin, 'meaning']]);
    // Read both ways: the older trace lists the newer one.
    expect(((await similarOf(ids.penicillin!)).json().similar as Similar[]).map((s) => s.id)).toEqual([id]);
    // A different allergy and an unrelated note are not near-duplicates.
    expect((await similarOf(ids.cats!)).json().similar).toEqual([]);
    expect((await similarOf(ids.car!)).json().similar).toEqual([]);
  }, 120_000);

  it('answers 404 for a trace that is not the caller’s, and drops deleted ones', async () => {
    expect((await similarOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await similarOf('not-a-uuid')).statusCode).toBe(404);
    const copy = (await create('Penicillin gives me hives: I am allergic to it.')).json().id as string;
    await t.app.services.embeddingWorker.drain();
    await t.app.inject({ method: 'DELETE', url: `/api/traces/${copy}`, headers });
    const listed = ((await similarOf(ids.penicillin!)).json().similar as Similar[]).map((s) => s.id);
    expect(listed).not.toContain(copy);
    expect((await similarOf(copy)).statusCode).toBe(404);
  }, 120_000);
});

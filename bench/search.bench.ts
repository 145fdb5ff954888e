// `npm run bench -- search [--sizes 10000,100000] [--iterations 200] [--concurrent 400]`
// Hybrid search latency through real HTTP (a listening server on 127.0.0.1, fetch with keep-alive:
// auth, validation, service, both arms' SQL and indexes, fusion, serialisation) at 10k and 100k
// traces of one user, throughput with 20 concurrent clients, create latency (with the
// near-duplicate check and, as in the server, the inline embedding: --inline-ms, 0 queues every
// new text), and the time from create to semantically searchable at 10 writes/s.
// Every query is embedded by the real model: EMBEDDINGS_URL's when set, else the bundled one. The corpus (bench/traces-corpus.ts) gets its
// vectors from a fast deterministic stand-in (feature hashing, the model's dimension, stored under the real
// model's id) because embedding 100k notes with the real model takes about an hour here: the
// vectors are meaningless to the real query vectors, but the HNSW index, its size and the work of
// a search are the real ones. The HNSW index is dropped for the bulk load and built again with
// the migration's own definition (building is ~30× faster than inserting one by one).
// Engine: PGlite on disk (default) or TEST_DATABASE_URL. Progress on stderr; last stdout line is JSON.
import { cpus, loadavg } from 'node:os';
import type { Db } from '../server/db/db.js';
import { hashedBagOfWords } from '../server/embeddings/fake-embedder.js';
import { vectorLiteral } from '../server/db/sql.js';
import { INLINE_EMBEDDING_MS } from '../server/services.js';
import { createTestApp, signUpAndLogin } from '../server/test-support/test-app.js';
import { insertCorpus, makeCorpus, prng } from './traces-corpus.js';
import { createEmbedderFromEnv } from './bench-embedder.js';
import { type Percentiles, log, openBenchDatabase, option, percentiles } from './bench-support.js';

const round = (v: number) => Math.round(v * 10) / 10;
type Stat = Percentiles;

/** Stand-in vectors for rows that have none, written straight to trace_embeddings. */
async function fillVectors(db: Db, userId: string, model: string, dimension: number): Promise<void> {
  // The model's own dimension and id (EMBEDDINGS_URL's model, or the bundled one), so the queries'
  // real vectors meet the index a real store of that model would have.
  const name = `trace_embeddings_hnsw_${dimension}`;
  const [index] = await db.asSystem((tx) =>
    tx.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE indexname = $1', [name]),
  );
  if (index) await db.asSystem((tx) => tx.query(`DROP INDEX ${name}`));
  for (;;) {
    const rows = await db.asSystem((tx) =>
      tx.query<{ id: string; text: string }>(
        `SELECT t.id, coalesce(t.title, '') || ' ' || t.content AS text FROM traces t
          WHERE t.user_id = $1 AND NOT EXISTS (SELECT 1 FROM trace_embeddings e WHERE e.trace_id = t.id)
          LIMIT 2000`,
        [userId],
      ),
    );
    if (!rows.length) break;
    await db.asSystem((tx) =>
      tx.query(
        `INSERT INTO trace_embeddings (trace_id, user_id, model, dimension, embedding, text_md5)
         SELECT id, $1, $4, $5, v::vector, 'bench' FROM unnest($2::uuid[], $3::text[]) AS u(id, v)`,
        [
          userId,
          rows.map((r) => r.id),
          rows.map((r) => vectorLiteral(hashedBagOfWords(r.text, dimension))),
          model,
          dimension,
        ],
      ),
    );
  }
  if (index)
    await db.asSystem(async (tx) => {
      await tx.query(`SET LOCAL maintenance_work_mem = '1GB'`);
      await tx.query(index.indexdef);
    });
}

/** Questions a person might ask their notes: corpus words (common to rare) and real words. */
function queries(vocabulary: string[], count: number, seed: number): string[] {
  const rand = prng(seed);
  const word = (from: number, to: number) => vocabulary[from + Math.floor(rand() * (to - from))]!;
  const templates = [
    () => `what did I write about ${word(120, 600)} and ${word(600, 4000)}`,
    () => `${word(200, 2000)} ${word(1000, 6000)}`,
    () => `notes on the ${word(300, 3000)} ${word(120, 800)} meeting`,
    () =>
      `when is the ${['dentist', 'budget', 'sprint', 'flight', 'invoice'][Math.floor(rand() * 5)]} ${word(400, 5000)}`,
    () => `${word(2000, 8000)}`,
    () => `how do I ${word(120, 400)} the ${word(400, 4000)} for ${word(120, 1000)}`,
  ];
  return Array.from({ length: count }, (_, i) =>
    `${templates[i % templates.length]!()} ${i % 7 ? '' : '?'}`.trim(),
  );
}

export async function run(args: string[]): Promise<void> {
  const sizes = option(args, 'sizes', '10000,100000').split(',').map(Number);
  const iterations = Number(option(args, 'iterations', '200'));
  const concurrentRequests = Number(option(args, 'concurrent', '400'));
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const { db, engine, close } = await openBenchDatabase();
  const embedder = createEmbedderFromEnv();
  // Create embeds inline as the server does (the test app's default is 0: queue everything).
  const inlineMs = Number(option(args, 'inline-ms', String(INLINE_EMBEDDING_MS)));
  const t = await createTestApp({}, { db, embedder, inlineEmbeddingMs: inlineMs });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const user = await signUpAndLogin(t.app, 'search-bench@example.com');
  const key = await t.app.services.apiKeys.create(
    { userId: user.userId, via: 'session', scopes: ['read:traces', 'write:traces'], credentialId: 'bench' },
    { name: 'search bench' },
  );
  const headers = { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' };
  const corpus = makeCorpus();
  const results: Record<string, unknown> = {};
  let inserted = 0;
  let degraded = 0;

  // A keep-alive socket left idle through a long fill may be closed by the server just as it is
  // reused (ECONNRESET): such a request is sent again, and its time counts from the first try.
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    try {
      return await globalThis.fetch(url, init);
    } catch {
      return globalThis.fetch(url, init);
    }
  };
  const search = async (query: string) => {
    const start = performance.now();
    const res = await fetch(`${base}/api/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, limit: 10 }),
    });
    const body = (await res.json()) as { mode?: string };
    if (!res.ok) throw new Error(`search: ${res.status} ${JSON.stringify(body)}`);
    if (body.mode !== 'hybrid') degraded++;
    return performance.now() - start;
  };
  const create = async (content: string) => {
    const start = performance.now();
    const res = await fetch(`${base}/api/traces`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content, category: 'work', importance: 'low', tags: [] }),
    });
    const body = (await res.json()) as { id: string };
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - start, id: body.id };
  };

  try {
    for (const size of sizes) {
      const fillStart = performance.now();
      await t.db.asSystem((tx) =>
        insertCorpus(tx, user.userId, corpus.rows(inserted, size, Math.max(...sizes))),
      );
      inserted = size;
      log(
        `${size}: traces inserted (${Math.round(performance.now() - fillStart)} ms); vectors and HNSW index…`,
      );
      await fillVectors(t.db, user.userId, embedder.modelId, await embedder.dimension());
      await t.db.runOutsideTransaction('VACUUM ANALYZE');
      const fillMs = Math.round(performance.now() - fillStart);
      log(`${size}: filled in ${fillMs} ms`);

      const qs = queries(corpus.vocabulary, iterations + 20 + concurrentRequests, size);
      for (const q of qs.slice(0, 20)) await search(q); // warm caches, plans and the model
      const sequential: number[] = [];
      for (const q of qs.slice(20, 20 + iterations)) sequential.push(await search(q));

      // 20 clients, each sending its next request as soon as the last one is answered.
      const pending = qs.slice(20 + iterations);
      const concurrent: number[] = [];
      const burstStart = performance.now();
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          for (let q = pending.pop(); q !== undefined; q = pending.pop()) concurrent.push(await search(q));
        }),
      );
      const burstS = (performance.now() - burstStart) / 1000;

      const creates: number[] = [];
      const fresh = makeCorpus(size + 11).rows(0, iterations);
      let n = 0;
      for (const row of fresh) creates.push((await create(`${row.content} (bench ${size}-${n++})`)).ms);

      // Time from create to semantically searchable (a stored vector) at 10 writes/s, the
      // embedding worker running as in the server.
      // The creates above are queued: embed them first, so only the new writes are measured.
      await t.app.services.embeddingWorker.drain();
      t.app.services.embeddingWorker.start();
      const waiting = new Map<string, number>();
      const searchable: number[] = [];
      const writes = makeCorpus(size + 23).rows(0, 60);
      const writer = (async () => {
        let i = 0;
        for (const row of writes) {
          const at = performance.now();
          const { id } = await create(`${row.content} (searchable ${size}-${i++})`);
          waiting.set(id, at);
          await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - at))));
        }
      })();
      let writing = true;
      void writer.then(() => (writing = false));
      const deadline = performance.now() + 120_000;
      while ((writing || waiting.size) && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        if (!waiting.size) continue;
        const done = await t.db.asSystem((tx) =>
          tx.query<{ trace_id: string }>(
            'SELECT trace_id FROM trace_embeddings WHERE trace_id = ANY($1::uuid[])',
            [[...waiting.keys()]],
          ),
        );
        const now = performance.now();
        for (const { trace_id } of done) {
          searchable.push(now - waiting.get(trace_id)!);
          waiting.delete(trace_id);
        }
      }
      await t.app.services.embeddingWorker.stop();

      results[size] = {
        fill_ms: fillMs,
        search_sequential_ms: percentiles(sequential),
        search_20_clients: {
          ...percentiles(concurrent),
          requests: concurrent.length,
          requests_per_s: round(concurrent.length / burstS),
        },
        create_ms: percentiles(creates),
        create_to_searchable_at_10_writes_per_s_ms: {
          ...percentiles(searchable),
          not_searchable_after_120s: waiting.size,
        },
      };
      log(`${size}: ${JSON.stringify(results[size])}`);
    }
  } finally {
    await t.close();
    await close();
  }
  const at = (size: number) => results[size] as { search_sequential_ms: Stat; create_ms: Stat } | undefined;
  console.log(
    JSON.stringify({
      bench: 'search',
      engine,
      model: embedder.modelId,
      node: process.version,
      cpus: cpus().length,
      load_average_1_5_15: { before: loadBefore, after: loadavg().map((l) => Math.round(l * 100) / 100) },
      note: 'Corpus vectors come from a deterministic stand-in (feature hashing) stored under the real model id; every measured query is embedded by the real model and runs through HTTP, the real SQL and the real HNSW/GIN indexes.',
      iterations,
      inline_embedding_ms: inlineMs,
      unit: 'ms',
      queries_answered_fulltext_only: degraded,
      results,
      targets: {
        search_p95_30ms_at_10k: at(10000) ? at(10000)!.search_sequential_ms.p95 <= 30 : null,
        search_p95_60ms_at_100k: at(100000) ? at(100000)!.search_sequential_ms.p95 <= 60 : null,
        create_p95_50ms: Object.keys(results).map((s) => at(Number(s))!.create_ms.p95 <= 50),
      },
    }),
  );
}

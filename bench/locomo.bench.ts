// `npm run bench -- locomo --file <path to a LoCoMo json> [--conversations N]`
// Retrieval quality of hybrid search on LoCoMo (../shared/datasets/locomo/README.md): every turn
// of a conversation becomes a trace of a fresh user ("speaker: text", created_at = the session's
// date), created through the traces service and embedded through the embedding queue by the real
// model (EMBEDDINGS_URL's when set, else the bundled one); then every question goes through the
// search service's own ranking (the SQL, relevance model and min_relevance threshold the API uses,
// query embedded by the same model). Prints recall@1/5/10 and MRR, overall and
// per category, for hybrid, the full-text arm alone and the vector arm alone, from one run.
// Engine: PGlite on disk (default) or the PostgreSQL in TEST_DATABASE_URL.
// Progress goes to stderr; the last stdout line is one JSON object.
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { Principal } from '../server/http/principal.js';
import type { Ranking } from '../server/features/search/search.service.js';
import { createTestApp } from '../server/test-support/test-app.js';
import {
  add,
  CATEGORY_NAMES,
  type Conversation,
  emptyTally,
  loadLocomo,
  mean,
  score,
  type Tally,
} from './locomo-data.js';
import { createEmbedderFromEnv } from './bench-embedder.js';
import { log, openBenchDatabase, option } from './bench-support.js';

export const ARMS = ['hybrid', 'fulltext', 'vector'] as const;
export type Mode = (typeof ARMS)[number];

type App = Awaited<ReturnType<typeof createTestApp>>;
export type Loaded = { principal: Principal; turnsOf: Map<string, string[]>; conversation: Conversation };

/** One conversation as one fresh user's traces, through the traces service. */
export async function loadConversation(t: App, conversation: Conversation, n: number): Promise<Loaded> {
  const user = await t.app.services.users.create(`locomo-${n}@bench.example`, 'locomo bench password');
  const principal: Principal = {
    userId: user.id,
    via: 'session',
    scopes: ['read:traces', 'write:traces'],
    credentialId: 'locomo-bench',
  };
  const turnsOf = new Map<string, string[]>();
  const dated: { id: string; at: string }[] = [];
  for (const [i, turn] of conversation.turns.entries()) {
    // Category, importance and tags given: the categoriser is not what is measured here.
    const { trace } = await t.app.services.traces.create(principal, {
      content: `${turn.speaker}: ${turn.text}`,
      category: 'context',
      importance: 'medium',
      tags: [],
    });
    // Exact dedup folds identical turns ("Thanks!") into one trace: it stands for all of them.
    turnsOf.set(trace.id, [...(turnsOf.get(trace.id) ?? []), turn.diaId]);
    if (turn.date && !trace.duplicate_of)
      dated.push({ id: trace.id, at: new Date(turn.date.getTime() + i * 1000).toISOString() });
  }
  // The session's date as the memory's creation time (the recency prior sees real history).
  await t.db.asSystem((tx) =>
    tx.query(
      `UPDATE traces t SET created_at = d.at, updated_at = d.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS d(id, at) WHERE t.id = d.id`,
      [dated.map((d) => d.id), dated.map((d) => d.at)],
    ),
  );
  return { principal, turnsOf, conversation };
}

/** Embeds everything queued, with the real model, through the queue's own worker code. */
export async function embedAll(t: App): Promise<number> {
  const { queued } = await t.app.services.embeddingWorker.counts();
  let done = 0;
  const start = performance.now();
  await t.app.services.embeddingWorker.drain((r) => {
    done += r.embedded;
    if (done % 256 < r.claimed)
      log(
        `embedded ${done}/${queued} (${Math.round((done / ((performance.now() - start) / 1000)) * 10) / 10}/s)`,
      );
  });
  return done;
}

export function listsOf(ranking: Ranking, turnsOf: Map<string, string[]>): Record<Mode, string[][]> {
  const turns = (ids: { id: string }[]) => ids.slice(0, 10).map((h) => turnsOf.get(h.id) ?? []);
  return { hybrid: turns(ranking.fused), fulltext: turns(ranking.fulltext), vector: turns(ranking.vector) };
}

export async function run(args: string[]): Promise<void> {
  const file = option(args, 'file');
  if (!file) {
    log('usage: npm run bench -- locomo --file <path to a LoCoMo json> [--conversations N]');
    process.exit(2);
  }
  const limit = Number(option(args, 'conversations') ?? Infinity);
  const conversations = loadLocomo(file).slice(0, limit);
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const { db, engine, close } = await openBenchDatabase();
  const embedder = createEmbedderFromEnv();
  const t = await createTestApp({}, { db, embedder });
  const started = performance.now();
  try {
    const loaded: Loaded[] = [];
    for (const [i, c] of conversations.entries()) {
      loaded.push(await loadConversation(t, c, i));
      log(
        `${c.sampleId}: ${c.turns.length} turns loaded, ${c.questions.length} questions (${c.skipped} skipped)`,
      );
    }
    const loadMs = performance.now() - started;
    const embedded = await embedAll(t);
    const embedMs = performance.now() - started - loadMs;
    if (db.kind === 'pglite') await db.runOutsideTransaction('VACUUM ANALYZE');

    const overall = Object.fromEntries(ARMS.map((m) => [m, emptyTally()])) as Record<Mode, Tally>;
    const byCategory = Object.fromEntries(ARMS.map((m) => [m, {} as Record<string, Tally>])) as Record<
      Mode,
      Record<string, Tally>
    >;
    let degraded = 0;
    const queryMs: number[] = [];
    for (const { principal, turnsOf, conversation } of loaded) {
      for (const q of conversation.questions) {
        const t0 = performance.now();
        const ranking = await t.app.services.search.rank(principal, { query: q.question, limit: 10 });
        queryMs.push(performance.now() - t0);
        if (ranking.mode !== 'hybrid') degraded++;
        const lists = listsOf(ranking, turnsOf);
        const category = CATEGORY_NAMES[q.category] ?? String(q.category);
        for (const m of ARMS) {
          const metrics = score(lists[m], q.evidence);
          add(overall[m], metrics);
          add((byCategory[m][category] ??= emptyTally()), metrics);
        }
      }
      log(`${conversation.sampleId}: hybrid R@5 so far ${mean(overall.hybrid).r5}`);
    }
    queryMs.sort((a, b) => a - b);
    const result = (m: Mode) => {
      const { n: _n, ...metrics } = mean(overall[m]);
      return {
        ...metrics,
        by_category: Object.fromEntries(Object.entries(byCategory[m]).map(([k, v]) => [k, mean(v)])),
      };
    };
    console.log(
      JSON.stringify({
        questions: overall.hybrid.n,
        skipped: conversations.reduce((s, c) => s + c.skipped, 0),
        hybrid: result('hybrid'),
        fulltext: result('fulltext'),
        vector: result('vector'),
        bench: 'locomo',
        file: path.basename(file),
        engine,
        model: embedder.modelId,
        node: process.version,
        cpus: cpus().length,
        load_average_1_5_15: { before: loadBefore, after: loadavg().map((l) => Math.round(l * 100) / 100) },
        conversations: conversations.length,
        turns: conversations.reduce((s, c) => s + c.turns.length, 0),
        traces: loaded.reduce((s, l) => s + l.turnsOf.size, 0),
        embedded,
        load_s: Math.round(loadMs / 100) / 10,
        embed_s: Math.round(embedMs / 100) / 10,
        rank_ms_p50: Math.round(queryMs[Math.floor(queryMs.length / 2)] ?? 0),
        degraded_to_fulltext: degraded,
        tuning: t.app.services.search.tuning,
      }),
    );
  } finally {
    await t.close();
    await close();
  }
}

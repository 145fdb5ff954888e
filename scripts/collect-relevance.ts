// Collects what the relevance model is fitted on (scripts/fit-relevance.ts fits it): Cairn's two
// fixtures — the retrieval fixture's conversations (LoCoMo's format: every entry a trace, its
// questions plus generated queries that match nothing) and the memory fixture's stores (a person's
// notes with their titles, tags and dates, its paraphrase, shared-word and unanswerable questions),
// each store a fresh user, embedded by the real model through the queue; every query goes through
// the search service's own candidates (min_relevance 0, 50 per arm); each candidate's
// signals, whether it holds an evidence entry, its rank in each arm, its lexemes (with the words'
// statistics, so the fit can recompute the feedback signal) and which other candidates are its
// neighbours in the timeline (so the fit can recompute the context signal) are kept.
//   node --import tsx scripts/collect-relevance.ts [--file dir-or-file] --dump signals.json
//        [--held-out-adapters dir]   each store's query adapter fitted without it (see heldOutEmbedder)
// The data sets are Cairn's own fixtures (tests/fixtures/retrieval and tests/fixtures/memories)
// unless --file names another, collected alone. A LoCoMo file may be collected to measure a fit on it (fit-relevance.ts --evaluate), never
// to fit what ships: its licence (CC BY-NC) allows evaluation only, and the dump stays local (/tmp).
import { readFileSync, writeFileSync } from 'node:fs';
import { embedAll, loadConversation } from '../bench/locomo.bench.js';
import { CATEGORY_NAMES, type Conversation, loadLocomo, RETRIEVAL_FIXTURE } from '../bench/locomo-data.js';
import { loadMemoryStores, type MemoryStore } from '../bench/memory-fixture.js';
import { log, openBenchDatabase, option } from '../bench/bench-support.js';
import { createEmbedderFromEnv } from '../bench/bench-embedder.js';
import type { Embedder } from '../server/embeddings/embedder.js';
import { LOCAL_MODEL_ID } from '../server/embeddings/local-embedder.js';
import { adaptQuery, loadQueryAdapter } from '../server/embeddings/query-adapter.js';
import { USE_LITE_DIMENSION } from '../server/embeddings/worker-protocol.js';
import type { RelevanceSignals } from '../server/features/search/relevance.js';
import { searchRepo } from '../server/features/search/search.repo.js';
import type { Principal } from '../server/http/principal.js';
import { createTestApp } from '../server/test-support/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** Candidates per arm when collecting: the fit can then tell what 30 would have given. */
export const COLLECT_DEPTH = 50;

/**
 * The timeline's context (ADR 0008): two notes each side, within an hour. Span 1 to 4 measured on
 * the fixture, 2 best; the hour keeps one sitting (the bench dates a session's turns a second
 * apart, sessions days apart).
 */
export const CONTEXT = { span: 2, window_minutes: 60 };

export type Row = {
  signals: RelevanceSignals;
  positive: boolean;
  turns: string[];
  /** The candidate's lexemes (the fit recomputes the feedback signal from them). */
  lexemes: string[];
  /** 0-based rank in the full-text arm's and the vector arm's own lists (absent: not in it). */
  fulltextRank?: number;
  vectorRank?: number;
  /** Indexes (in the query's rows) of the candidates that are its neighbours in the timeline (CONTEXT). */
  neighbours?: number[];
};
export type Query = {
  conversation: number;
  /** The data set's id of the store or conversation asked (sample_id); absent in older dumps. */
  store?: string;
  kind: 'question' | 'fit-nonsense' | 'check-nonsense';
  text: string;
  category: string;
  evidence: string[];
  /** The query's lexemes with their document frequency, the note count, and the candidates' lexemes' df. */
  terms: { documents: number; lexemes: { lexeme: string; df: number }[]; df: Record<string, number> };
  rows: Row[];
};

/** Off-topic questions: the first half teaches the model, the second half only checks it. */
export const OFF_TOPIC = [
  'what is the airspeed of a unicorn',
  'how many moons does neptune have',
  'recipe for quantum lasagna with plutonium sauce',
  'who won the chess olympiad in 1927',
  'what is the boiling point of tungsten',
  'explain the tax code of liechtenstein',
  'which dinosaur had the longest tail',
  'how do I calibrate a seismograph',
  'what is the capital of burkina faso',
  'best torque wrench for a helicopter rotor',
  'lyrics of the mongolian national anthem',
  'how to compile a kernel module for a toaster',
  'zebra migration statistics in the serengeti',
  'what voltage does a submarine battery use',
  'how far is alpha centauri in furlongs',
  'does the platypus lay eggs in winter',
  'what is the melting point of a glacier on mars',
  'which pharaoh built the smallest pyramid',
  'how do octopuses taste with their arms',
  'what is the half life of carbon fourteen',
  'how many bones are in a giraffe neck',
  'who invented the hydraulic press',
  'what do antarctic krill eat',
  'how is titanium extracted from ore',
];

/** A deterministic pseudo-random generator, so two fits of one dump agree. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function gibberish(random: () => number): string {
  const letters = 'bcdfghjklmnpqrstvwxzaeiouy';
  const words = 1 + Math.floor(random() * 3);
  return Array.from({ length: words }, () =>
    Array.from({ length: 4 + Math.floor(random() * 5) }, () => letters[Math.floor(random() * 20)]).join(''),
  ).join(' ');
}

/**
 * The bundled model with each conversation's query adapter fitted without it (`fold-<n>.json` from
 * scripts/fit-query-adapter.ts --folds): the shipped adapter has seen every dev question, so a
 * collection through it is not held out for the vector arm. Documents are embedded as the service
 * embeds them; a query is embedded raw ('document': the bundled model has no prefix) and the
 * current conversation's weights applied.
 */
function heldOutEmbedder(base: Embedder, dir: string, conversations: number) {
  if (base.modelId !== LOCAL_MODEL_ID) throw new Error('--held-out-adapters is for the bundled model only');
  const folds = Array.from({ length: conversations }, (_, n) =>
    loadQueryAdapter(
      LOCAL_MODEL_ID,
      USE_LITE_DIMENSION,
      JSON.parse(readFileSync(`${dir}/fold-${n}.json`, 'utf8')),
    ),
  );
  const shipped = loadQueryAdapter(LOCAL_MODEL_ID, USE_LITE_DIMENSION);
  const state = { conversation: 0 };
  const embedder: Embedder = {
    modelId: base.modelId,
    dimension: () => base.dimension(),
    close: () => base.close(),
    async embed(texts, options) {
      if (options?.inputType !== 'query') return base.embed(texts, options);
      const raw = await base.embed(texts, { ...options, inputType: 'document' });
      // A store no adapter was fitted on (the memory fixture's) gets the shipped one.
      return raw.map((v) => adaptQuery(v, folds[state.conversation] ?? shipped));
    },
  };
  return { embedder, state };
}

/** One store to collect: its owner, which fixture entries each trace holds, and what to ask it. */
type Source = {
  principal: Principal;
  turnsOf: Map<string, string[]>;
  sampleId: string;
  asked: Omit<Query, 'rows' | 'terms' | 'conversation' | 'store'>[];
};

/** A conversation in LoCoMo's format: its questions, plus generated queries that match nothing. */
function conversationQueries(conversation: Conversation, random: () => number): Source['asked'] {
  return [
    ...conversation.questions.map((q) => ({
      kind: 'question' as const,
      text: q.question,
      category: CATEGORY_NAMES[q.category] ?? String(q.category),
      evidence: q.evidence,
    })),
    ...OFF_TOPIC.map((text, i) => ({
      kind: i < OFF_TOPIC.length / 2 ? ('fit-nonsense' as const) : ('check-nonsense' as const),
      text,
      category: 'nonsense',
      evidence: [],
    })),
    ...Array.from({ length: 12 }, (_, i) => ({
      kind: i % 2 ? ('check-nonsense' as const) : ('fit-nonsense' as const),
      text: i === 0 ? 'zzzqqq' : gibberish(random),
      category: 'nonsense',
      evidence: [],
    })),
  ];
}

/**
 * A store of the memory fixture (bench/memory-fixture.ts) as the person's traces, with its own
 * questions: paraphrase and shared-word ones are questions (category: their kind), and of those
 * nothing answers every other one teaches the model what "nothing" looks like, the rest check it.
 */
async function loadMemories(t: App, store: MemoryStore, n: number): Promise<Source> {
  const user = await t.app.services.users.create(`memories-${n}@bench.example`, 'memory bench password');
  const principal: Principal = {
    userId: user.id,
    via: 'session',
    scopes: ['read:traces', 'write:traces'],
    credentialId: 'memory-bench',
  };
  const turnsOf = new Map<string, string[]>();
  for (const note of store.notes) {
    const { trace } = await t.app.services.traces.create(
      principal,
      {
        title: note.title ?? '',
        content: note.content,
        category: note.category,
        importance: note.importance,
        tags: note.tags,
      },
      { source: 'import', createdAt: new Date(note.created_at) },
    );
    turnsOf.set(trace.id, [...(turnsOf.get(trace.id) ?? []), note.id]);
  }
  let unanswered = 0;
  const asked = store.questions.map((q) => ({
    kind: q.answers.length
      ? ('question' as const)
      : unanswered++ % 2
        ? ('check-nonsense' as const)
        : ('fit-nonsense' as const),
    text: q.query,
    category: q.kind,
    evidence: q.answers,
  }));
  return { principal, turnsOf, sampleId: store.store, asked };
}

/**
 * Collects Cairn's own fixtures: the retrieval fixture's conversations (or the LoCoMo-format file or
 * directory `file`) and, unless `memories` is false, the memory fixture's stores.
 */
export async function collect(
  file: string,
  heldOutAdapters?: string,
  opts: { memories?: boolean } = {},
): Promise<Query[]> {
  const conversations = loadLocomo(file);
  const stores = opts.memories === false ? [] : loadMemoryStores();
  const { db, close } = await openBenchDatabase();
  const heldOut = heldOutAdapters
    ? heldOutEmbedder(createEmbedderFromEnv(), heldOutAdapters, conversations.length)
    : null;
  const embedder = heldOut?.embedder ?? createEmbedderFromEnv();
  const t = await createTestApp({}, { db, embedder });
  t.app.services.search.tuning.depth = COLLECT_DEPTH;
  const queries: Query[] = [];
  try {
    const random = rng(7);
    const sources: Source[] = [];
    for (const [i, c] of conversations.entries()) {
      const { principal, turnsOf } = await loadConversation(t, c, i);
      sources.push({ principal, turnsOf, sampleId: c.sampleId, asked: conversationQueries(c, random) });
    }
    for (const [i, s] of stores.entries()) sources.push(await loadMemories(t, s, i));
    const started = performance.now();
    await embedAll(t);
    log(`embedded in ${Math.round((performance.now() - started) / 1000)} s`);
    if (db.kind === 'pglite') await db.runOutsideTransaction('VACUUM ANALYZE');
    for (const [n, { principal, turnsOf, sampleId, asked }] of sources.entries()) {
      // Fold n is the adapter fitted without conversation n; the memory stores are in no fold.
      if (heldOut) heldOut.state.conversation = n;
      for (const q of asked) {
        const ranking = await t.app.services.search.rank(principal, {
          query: q.text,
          limit: 50,
          min_relevance: 0,
        });
        const evidence = new Set(q.evidence);
        const rank = (list: { id: string }[]) => new Map(list.map((h, i) => [h.id, i]));
        const inFulltext = rank(ranking.fulltext);
        const inVector = rank(ranking.vector);
        // The service reads the df of the feedback's sources only; a re-fit picks other sources.
        const { documents, lexemes, candidates } = ranking.terms;
        const ids = ranking.candidates.map((c) => c.id);
        const { df, neighbours } = await db.asUser(principal.userId, async (tx) => ({
          df: await searchRepo.documentFrequencies(tx, principal.userId, [
            ...new Set([...candidates.values()].flat()),
          ]),
          neighbours: await searchRepo.neighbours(
            tx,
            principal.userId,
            ids,
            CONTEXT.span,
            CONTEXT.window_minutes,
          ),
        }));
        const index = new Map(ids.map((id, i) => [id, i]));
        queries.push({
          ...q,
          conversation: n,
          store: sampleId,
          terms: { documents, lexemes: [...lexemes], df: Object.fromEntries(df) },
          rows: ranking.candidates.map((c) => {
            const turns = turnsOf.get(c.id) ?? [];
            return {
              signals: c.signals,
              positive: turns.some((d) => evidence.has(d)),
              turns,
              lexemes: candidates.get(c.id) ?? [],
              ...(inFulltext.has(c.id) ? { fulltextRank: inFulltext.get(c.id)! } : {}),
              ...(inVector.has(c.id) ? { vectorRank: inVector.get(c.id)! } : {}),
              neighbours: (neighbours.get(c.id) ?? []).flatMap((n) => (index.has(n) ? [index.get(n)!] : [])),
            };
          }),
        });
      }
      log(`${sampleId}: ${asked.length} queries ranked`);
    }
  } finally {
    await t.close();
    await close();
  }
  return queries;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const file = option(args, 'file', RETRIEVAL_FIXTURE);
  const dump = option(args, 'dump');
  if (!dump) {
    log(
      'usage: node --import tsx scripts/collect-relevance.ts [--file dir-or-file] --dump <signals.json> [--held-out-adapters dir]',
    );
    process.exit(2);
  }
  const started = performance.now();
  // A file other than the retrieval fixture is collected alone (LoCoMo, to measure a fit on it).
  const memories = file === RETRIEVAL_FIXTURE;
  writeFileSync(dump, JSON.stringify(await collect(file, option(args, 'held-out-adapters'), { memories })));
  log(`wrote ${dump} in ${Math.round((performance.now() - started) / 1000)} s`);
}

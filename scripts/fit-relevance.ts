// Fits the relevance model of hybrid search (server/features/search/relevance-model.json,
// docs/decisions/0008-hybrid-search.md) on a LoCoMo file plus generated queries that match nothing.
//   node --import tsx scripts/fit-relevance.ts --file ../shared/datasets/locomo/locomo-dev.json
//        [--dump signals.json]   also keep every candidate's signals (re-fits need no model then)
//        [--from signals.json]   fit from a dump instead of loading and embedding the conversations
//        [--write]               write the model (otherwise only the tables are printed)
// Every turn becomes a trace of a fresh user (bench/locomo.bench.ts), every question goes through
// the search service's own candidates (min_relevance 0), and a candidate is positive when it holds
// an evidence turn. Generated queries (random letters, questions about things no conversation
// mentions) add candidates that are all negative: they teach the model what "nothing" looks like.
// Prints, per feature set, recall@1/5/10 and MRR with leave-one-conversation-out fits, the share
// of held-out nonsense queries that return anything, and the threshold that keeps R@5 within a
// point of no threshold. The LoCoMo licence (CC BY-NC) lets it be read, never copied: nothing of
// it goes into the model but eight weights.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { embedAll, loadConversation, type Loaded } from '../bench/locomo.bench.js';
import { CATEGORY_NAMES, loadLocomo } from '../bench/locomo-data.js';
import { log, openBenchDatabase, option } from '../bench/bench-support.js';
import { createEmbedderFromEnv } from '../bench/bench-embedder.js';
import {
  FEATURE_NAMES,
  featureValues,
  type FeatureName,
  type RelevanceModel,
  type RelevanceSignals,
} from '../server/features/search/relevance.js';
import { fuseScores } from '../server/features/search/score-fusion.js';
import { createTestApp } from '../server/test-support/test-app.js';

type Row = { signals: RelevanceSignals; positive: boolean; turns: string[] };
type Query = {
  conversation: number;
  kind: 'question' | 'fit-nonsense' | 'check-nonsense';
  text: string;
  category: string;
  evidence: string[];
  rows: Row[];
};

const MODEL_FILE = fileURLToPath(new URL('../server/features/search/relevance-model.json', import.meta.url));

/** Off-topic questions: the first half teaches the model, the second half only checks it. */
const OFF_TOPIC = [
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

async function collect(file: string): Promise<Query[]> {
  const conversations = loadLocomo(file);
  const { db, close } = await openBenchDatabase();
  const embedder = createEmbedderFromEnv();
  const t = await createTestApp({}, { db, embedder });
  const queries: Query[] = [];
  try {
    const loaded: Loaded[] = [];
    for (const [i, c] of conversations.entries()) loaded.push(await loadConversation(t, c, i));
    await embedAll(t);
    if (db.kind === 'pglite') await db.runOutsideTransaction('VACUUM ANALYZE');
    const random = rng(7);
    for (const [n, { principal, turnsOf, conversation }] of loaded.entries()) {
      const asked: Omit<Query, 'rows'>[] = [
        ...conversation.questions.map((q) => ({
          conversation: n,
          kind: 'question' as const,
          text: q.question,
          category: CATEGORY_NAMES[q.category] ?? String(q.category),
          evidence: q.evidence,
        })),
        ...OFF_TOPIC.map((text, i) => ({
          conversation: n,
          kind: i < OFF_TOPIC.length / 2 ? ('fit-nonsense' as const) : ('check-nonsense' as const),
          text,
          category: 'nonsense',
          evidence: [],
        })),
        ...Array.from({ length: 12 }, (_, i) => ({
          conversation: n,
          kind: i % 2 ? ('check-nonsense' as const) : ('fit-nonsense' as const),
          text: i === 0 ? 'zzzqqq' : gibberish(random),
          category: 'nonsense',
          evidence: [],
        })),
      ];
      for (const q of asked) {
        const ranking = await t.app.services.search.rank(principal, {
          query: q.text,
          limit: 50,
          min_relevance: 0,
        });
        const evidence = new Set(q.evidence);
        queries.push({
          ...q,
          rows: ranking.candidates.map((c) => {
            const turns = turnsOf.get(c.id) ?? [];
            return { signals: c.signals, positive: turns.some((d) => evidence.has(d)), turns };
          }),
        });
      }
      log(`${conversation.sampleId}: ${asked.length} queries ranked`);
    }
  } finally {
    await t.close();
    await close();
  }
  return queries;
}

/** L2-regularised logistic regression on standardised features, positives weighted to balance. */
export function fitLogistic(x: number[][], y: boolean[], features: FeatureName[], l2 = 1e-3): RelevanceModel {
  const d = features.length;
  const mean = Array.from({ length: d }, (_, j) => x.reduce((s, r) => s + r[j]!, 0) / x.length);
  const sd = Array.from(
    { length: d },
    (_, j) => Math.sqrt(x.reduce((s, r) => s + (r[j]! - mean[j]!) ** 2, 0) / x.length) || 1,
  );
  const z = x.map((r) => r.map((v, j) => (v - mean[j]!) / sd[j]!));
  const positives = y.filter(Boolean).length;
  const wPos = (y.length - positives) / Math.max(positives, 1);
  // Newton's method (iteratively reweighted least squares) with the bias as a last column: with
  // at most eight features each step is one pass over the rows, and 25 steps converge.
  const k = d + 1;
  const beta = new Array<number>(k).fill(0);
  for (let step = 0; step < 25; step++) {
    const grad = new Array<number>(k).fill(0);
    const hess = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    let total = 0;
    for (let i = 0; i < z.length; i++) {
      const row = [...z[i]!, 1];
      let s = 0;
      for (let j = 0; j < k; j++) s += beta[j]! * row[j]!;
      const p = 1 / (1 + Math.exp(-s));
      const weight = y[i] ? wPos : 1;
      total += weight;
      const err = weight * (p - (y[i] ? 1 : 0));
      const curv = weight * p * (1 - p);
      for (let a = 0; a < k; a++) {
        grad[a]! += err * row[a]!;
        for (let c = 0; c <= a; c++) hess[a]![c]! += curv * row[a]! * row[c]!;
      }
    }
    for (let a = 0; a < k; a++) {
      grad[a] = grad[a]! / total + (a < d ? l2 * beta[a]! : 0);
      for (let c = 0; c <= a; c++) {
        hess[a]![c] = hess[a]![c]! / total + (a === c && a < d ? l2 : 0);
        hess[c]![a] = hess[a]![c]!;
      }
    }
    const delta = solve(hess, grad);
    let moved = 0;
    for (let a = 0; a < k; a++) {
      beta[a]! -= delta[a]!;
      moved = Math.max(moved, Math.abs(delta[a]!));
    }
    if (moved < 1e-7) break;
  }
  const w = beta.slice(0, d);
  const b = beta[d]!;
  const round = (n: number) => Math.round(n * 1e5) / 1e5;
  return {
    features,
    mean: mean.map(round),
    sd: sd.map(round),
    weights: w.map(round),
    bias: round(b),
    fitted_on: '',
  };
}

/** Gaussian elimination with partial pivoting (the Hessian is small and positive definite). */
function solve(a: number[][], rhs: number[]): number[] {
  const n = rhs.length;
  const m = a.map((row, i) => [...row, rhs[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

const prob = (model: RelevanceModel, s: RelevanceSignals) => {
  const values = featureValues(s);
  let z = model.bias;
  model.features.forEach((f, i) => (z += model.weights[i]! * ((values[f] - model.mean[i]!) / model.sd[i]!)));
  return 1 / (1 + Math.exp(-z));
};

type Scores = { r1: number; r5: number; r10: number; mrr: number; n: number };
function metrics(ranked: Row[][], evidence: string[][]): Scores {
  const out = { r1: 0, r5: 0, r10: 0, mrr: 0, n: ranked.length };
  ranked.forEach((rows, i) => {
    const want = new Set(evidence[i]);
    const found = (k: number) =>
      new Set(rows.slice(0, k).flatMap((r) => r.turns.filter((t) => want.has(t)))).size;
    out.r1 += found(1) / want.size;
    out.r5 += found(5) / want.size;
    out.r10 += found(10) / want.size;
    const first = rows.findIndex((r) => r.positive);
    out.mrr += first >= 0 ? 1 / (first + 1) : 0;
  });
  const r = (v: number) => Math.round((v / Math.max(out.n, 1)) * 1000) / 1000;
  return { r1: r(out.r1), r5: r(out.r5), r10: r(out.r10), mrr: r(out.mrr), n: out.n };
}

function design(queries: Query[], features: FeatureName[]) {
  const rows = queries.flatMap((q) => (q.kind === 'check-nonsense' ? [] : q.rows));
  return {
    x: rows.map((r) => {
      const v = featureValues(r.signals);
      return features.map((f) => v[f]);
    }),
    y: rows.map((r) => r.positive),
  };
}

/** Ranked lists of every question, each scored by the model fitted without its conversation. */
function crossValidated(queries: Query[], features: FeatureName[]) {
  const conversations = [...new Set(queries.map((q) => q.conversation))];
  const scored = new Map<Query, { row: Row; p: number }[]>();
  for (const c of conversations) {
    const { x, y } = design(
      queries.filter((q) => q.conversation !== c),
      features,
    );
    const model = fitLogistic(x, y, features);
    for (const q of queries.filter((q) => q.conversation === c))
      scored.set(
        q,
        q.rows.map((row) => ({ row, p: prob(model, row.signals) })).sort((a, b) => b.p - a.p),
      );
  }
  return scored;
}

function evaluate(queries: Query[], scored: Map<Query, { row: Row; p: number }[]>, threshold: number) {
  const questions = queries.filter((q) => q.kind === 'question' && q.evidence.length);
  const lists = questions.map((q) =>
    scored
      .get(q)!
      .filter((s) => s.p >= threshold)
      .map((s) => s.row),
  );
  const nonsense = queries.filter((q) => q.kind === 'check-nonsense');
  const answered = nonsense.filter((q) => scored.get(q)!.some((s) => s.p >= threshold)).length;
  const byCategory: Record<string, number> = {};
  for (const category of new Set(questions.map((q) => q.category))) {
    const idx = questions.flatMap((q, i) => (q.category === category ? [i] : []));
    byCategory[category] = metrics(
      idx.map((i) => lists[i]!),
      idx.map((i) => questions[i]!.evidence),
    ).r5;
  }
  return {
    ...metrics(
      lists,
      questions.map((q) => q.evidence),
    ),
    nonsense_answered: Math.round((answered / Math.max(nonsense.length, 1)) * 1000) / 1000,
    r5_by_category: byCategory,
  };
}

/** The z-score fusion this model replaced (0.6 / 0.4, no priors), on the same candidates. */
function zscoreBaseline(queries: Query[]) {
  const questions = queries.filter((q) => q.kind === 'question' && q.evidence.length);
  const lists = questions.map((q) => {
    const byId = new Map(q.rows.map((r, i) => [String(i), r]));
    return fuseScores(
      q.rows.map((r, i) => ({
        id: String(i),
        scores: {
          fulltext: r.signals.bm25,
          ...(r.signals.cosine === null ? {} : { vector: r.signals.cosine }),
        },
        matched: [],
      })),
      { recency: false, importance: false },
    ).map((h) => byId.get(h.id)!);
  });
  return metrics(
    lists,
    questions.map((q) => q.evidence),
  );
}

/**
 * The background as the service computes it: the mean cosine of the vector arm's hits (the top 30
 * cosines among the candidates, since every one of those is a candidate). Recomputed here so a dump
 * taken with another definition fits the service's.
 */
function withBackground(queries: Query[]): Query[] {
  return queries.map((q) => {
    const top = q.rows
      .flatMap((r) => (r.signals.cosine === null ? [] : [r.signals.cosine]))
      .sort((a, b) => b - a)
      .slice(0, 30);
    const background = top.length ? top.reduce((s, c) => s + c, 0) / top.length : null;
    return {
      ...q,
      rows: q.rows.map((r) => ({
        ...r,
        signals: {
          ...r.signals,
          cosineMargin:
            r.signals.cosine === null || background === null ? null : r.signals.cosine - background,
        },
      })),
    };
  });
}

const FEATURE_SETS: Record<string, FeatureName[]> = {
  'BM25 alone': ['log_bm25'],
  'cosine alone': ['cosine'],
  'words (BM25, idf share, term share)': ['log_bm25', 'idf_share', 'term_share'],
  'raw signals (no ratios to the best)': [
    'log_bm25',
    'idf_share',
    'term_share',
    'cosine',
    'cosine_margin',
    'no_vector',
  ],
  'all eight': [...FEATURE_NAMES],
};

async function main() {
  const args = process.argv.slice(2);
  const from = option(args, 'from');
  const file = option(args, 'file');
  if (!from && !file) {
    log(
      'usage: node --import tsx scripts/fit-relevance.ts --file <LoCoMo json> [--dump f] [--from f] [--write]',
    );
    process.exit(2);
  }
  const queries = withBackground(from ? JSON.parse(readFileSync(from, 'utf8')) : await collect(file!));
  const dump = option(args, 'dump');
  if (dump) writeFileSync(dump, JSON.stringify(queries));

  const table: Record<string, unknown> = { 'z-score fusion 0.6/0.4 (before)': zscoreBaseline(queries) };
  const chosen = option(args, 'features', 'all eight');
  let chosenThreshold = 0;
  for (const [name, features] of Object.entries(FEATURE_SETS)) {
    const scored = crossValidated(queries, features);
    const open = evaluate(queries, scored, 0);
    // The highest threshold (in steps of 0.01) that keeps R@5 within a point of no threshold.
    let best = 0;
    for (let t = 0.01; t < 1; t += 0.01) {
      if (evaluate(queries, scored, t).r5 >= open.r5 - 0.01) best = Math.round(t * 100) / 100;
      else break;
    }
    // How recall and the held-out nonsense queries trade off around it.
    const curve = [0.4, 0.45, 0.5, 0.55, 0.6].map((t) => {
      const e = evaluate(queries, scored, t);
      return { threshold: t, r5: e.r5, mrr: e.mrr, nonsense_answered: e.nonsense_answered };
    });
    table[name] = {
      no_threshold: open,
      threshold: best,
      at_threshold: evaluate(queries, scored, best),
      curve,
    };
    if (name === chosen) chosenThreshold = best;
  }
  console.log(JSON.stringify(table, null, 1));

  if (args.includes('--write')) {
    const features = FEATURE_SETS[chosen]!;
    const { x, y } = design(queries, features);
    const model = fitLogistic(x, y, features);
    model.fitted_on =
      `${file ? file.split('/').pop() : from}: ${queries.filter((q) => q.kind === 'question').length} questions ` +
      `and ${queries.filter((q) => q.kind === 'fit-nonsense').length} generated non-matching queries, ` +
      `${x.length} candidates (${y.filter(Boolean).length} positive); suggested min_relevance ${chosenThreshold}`;
    const text = await prettier.format(JSON.stringify(model), { parser: 'json', printWidth: 110 });
    writeFileSync(MODEL_FILE, text);
    log(`wrote ${MODEL_FILE}: ${model.fitted_on}`);
  }
}

await main();

// Fits the relevance model of hybrid search (server/features/search/relevance-model.json,
// docs/decisions/0008-hybrid-search.md) on what scripts/collect-relevance.ts collected from Cairn's
// own fixtures (tests/fixtures/retrieval: conversations; tests/fixtures/memories: people's notes
// with paraphrase, shared-word and unanswerable questions).
//   node --import tsx scripts/fit-relevance.ts --from signals.json [--features NAME] [--floor C] [--write]
//        [--chosen-only]   only the chosen set, depth and floor (not every row of the table)
//        [--dump signals.json]   collect the fixture first instead of --from (--file: another data set)
//        [--evaluate locomo-signals.json]   the model fitted on all of --from, measured on another
//                                           collection (LoCoMo dev: evaluated, never fitted on)
// A candidate is positive when it holds an evidence entry; the candidates of queries nothing
// answers (generated ones, and the memory fixture's) are all negative: they teach the model what
// "nothing" looks like. Prints, per feature set (and per
// candidate depth), recall@1/5/10 and MRR with leave-one-store-out fits, the share of held-out
// nonsense queries that return anything, and the threshold that keeps R@5 within a point of no
// threshold. A set with the feedback or context signal is fitted in passes, as the service ranks
// (scripts/relevance/stages.ts): the feedback's first pass, the feedback computed from its top notes
// (word-signals.ts), the context's first pass, each candidate's context from its neighbours'
// scores, then the full set; every pass ships.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { log, option } from '../bench/bench-support.js';
import { add, emptyTally, loadLocomo, mean, RETRIEVAL_FIXTURE, score } from '../bench/locomo-data.js';
import { loadMemoryStores, MEMORY_FIXTURE } from '../bench/memory-fixture.js';
import {
  answerableOf,
  FEATURE_NAMES,
  type FeatureName,
  relevanceOf,
  type RelevanceModel,
} from '../server/features/search/relevance.js';
import { backgroundOf, querySignals, WORD_VECTORS } from '../server/features/search/relevance-ranking.js';
import { fuseScores } from '../server/features/search/score-fusion.js';
import { collect, CONTEXT, type Query, type Row } from './collect-relevance.js';
import { design } from './relevance/design.js';
import { fitGate, heldOutGated } from './relevance/gate.js';
import { applyPasses, FEEDBACK, fitFinal, fitPasses, fitted, modelWith } from './relevance/stages.js';

const MODEL_FILE = fileURLToPath(new URL('../server/features/search/relevance-model.json', import.meta.url));

/** The LoCoMo bench's own metric (bench/locomo-data.ts: MRR counts a first hit in the top 10 only). */
export function metrics(ranked: Row[][], evidence: string[][]) {
  const sum = emptyTally();
  ranked.forEach((rows, i) =>
    add(
      sum,
      score(
        rows.map((r) => r.turns),
        evidence[i]!,
      ),
    ),
  );
  return mean(sum);
}

/** A query's candidates with the model's relevance (its answerable gate applied, if any), best first. */
function byRelevance(rows: Row[], model: RelevanceModel): { row: Row; p: number }[] {
  const own = rows.map((row) => ({ row, signals: row.signals, relevance: relevanceOf(row.signals, model) }));
  const gate = answerableOf(own, model);
  return own.map(({ row, relevance }) => ({ row, p: relevance * gate })).sort((a, b) => b.p - a.p);
}

/**
 * Ranked lists of every question, each scored by the model fitted without its store; each of the
 * earlier passes (feedback, context) of a store's queries is fitted without it too.
 */
export function crossValidated(original: Query[], features: FeatureName[], floor?: number) {
  const conversations = [...new Set(original.map((q) => q.conversation))];
  const heldOut = (queries: Query[], passFeatures: FeatureName[]) => {
    const models = new Map(
      conversations.map((c) => [
        c,
        fitted(
          queries.filter((q) => q.conversation !== c),
          passFeatures,
        ),
      ]),
    );
    return (q: Query) => models.get(q.conversation)!;
  };
  const passes = fitPasses(original, features, floor, heldOut);
  const queries = applyPasses(original, passes, floor);
  const scored = new Map<Query, { row: Row; p: number }[]>();
  for (const c of conversations) {
    const modelOf = fitFinal(
      queries.filter((q) => q.conversation !== c),
      features,
      passes,
    );
    queries.forEach((q, i) => {
      if (q.conversation !== c) return;
      scored.set(original[i]!, byRelevance(q.rows, modelWith(modelOf(q), floor)));
    });
  }
  return scored;
}

export function evaluate(queries: Query[], scored: Map<Query, { row: Row; p: number }[]>, threshold: number) {
  const questions = queries.filter((q) => q.kind === 'question' && q.evidence.length);
  const lists = questions.map((q) =>
    scored
      .get(q)!
      .filter((s) => s.p >= threshold)
      .map((s) => s.row),
  );
  const nonsense = queries.filter((q) => q.kind === 'check-nonsense');
  const answers = (q: Query) => scored.get(q)!.some((s) => s.p >= threshold);
  const answered = nonsense.filter(answers).length;
  // The memory fixture's unanswerable kinds (nonsense, general knowledge, personal), each apart.
  const answeredBy: Record<string, number> = {};
  for (const category of new Set(nonsense.map((q) => q.category))) {
    const of = nonsense.filter((q) => q.category === category);
    answeredBy[category] = Math.round((of.filter(answers).length / of.length) * 1000) / 1000;
  }
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
    answered_by_category: answeredBy,
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
 * The background as the service computes it (backgroundOf over the candidates' cosines),
 * recomputed here so a dump taken with another definition, or cut to a smaller depth, fits the
 * service's.
 */
function withBackground(queries: Query[]): Query[] {
  return queries.map((q) => {
    const background = backgroundOf(q.rows.map((r) => r.signals.cosine));
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

/**
 * The word-vector signals as the service computes them now (relevance-ranking.ts signalsOf),
 * recomputed from each query's and candidate's lexemes, so a dump taken with an older definition
 * (or before the vectors were built) fits the service's.
 */
function withWordSignals(queries: Query[]): Query[] {
  if (!WORD_VECTORS)
    throw new Error('the word vectors are not built: node --import tsx scripts/build-word-vectors.ts');
  return queries.map((q) => {
    const background = backgroundOf(q.rows.map((r) => r.signals.cosine));
    const candidates = q.rows.map((r) => ({ lexemes: r.lexemes, cosine: r.signals.cosine }));
    const { of, query } = querySignals(candidates, q.terms, background);
    return {
      ...q,
      rows: q.rows.map((r) => ({ ...r, signals: { ...r.signals, ...of(r.lexemes), ...query } })),
    };
  });
}

/** The candidates a depth of `depth` per arm would have given (rows of older dumps carry no rank). */
export function atDepth(queries: Query[], depth: number): Query[] {
  const kept = (r: Row) =>
    (r.fulltextRank === undefined && r.vectorRank === undefined) ||
    (r.fulltextRank ?? Infinity) < depth ||
    (r.vectorRank ?? Infinity) < depth;
  return withWordSignals(
    withBackground(
      queries.map((q) => {
        // Neighbours are indexes into the rows: re-point them at the kept rows, drop the others.
        const positions = q.rows.flatMap((r, i) => (kept(r) ? [i] : []));
        const index = new Map(positions.map((old, now) => [old, now]));
        const rows = positions.map((i) => {
          const r = q.rows[i]!;
          const neighbours = r.neighbours?.filter((n) => index.has(n)).map((n) => index.get(n)!);
          return neighbours ? { ...r, neighbours } : r;
        });
        return { ...q, rows };
      }),
    ),
  );
}

// FEATURE_NAMES lists the signals in the order they were added, so each set is a prefix of it.
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
  'all eight': FEATURE_NAMES.slice(0, 8),
  'all eight + prefix share': FEATURE_NAMES.slice(0, 9),
  'all ten (+ prefix share, feedback)': FEATURE_NAMES.slice(0, 10),
  'all ten + best neighbour': FEATURE_NAMES.slice(0, 11),
  'all twelve (+ best neighbour, neighbours summed)': FEATURE_NAMES.slice(0, 12),
  'all fourteen (+ words that mean alike: soft match, word-vector cosine)': FEATURE_NAMES.slice(0, 14),
  'all eighteen (+ the query and its list: known words, new words, best soft match, best margin)': [
    ...FEATURE_NAMES,
  ],
};

/** The scores with no threshold, the highest threshold keeping R@5 within a point, and the curve around it. */
function thresholdTable(queries: Query[], scored: ReturnType<typeof crossValidated>) {
  const open = evaluate(queries, scored, 0);
  let threshold = 0;
  for (let t = 0.01; t < 1; t += 0.01) {
    if (evaluate(queries, scored, t).r5 >= open.r5 - 0.01) threshold = Math.round(t * 100) / 100;
    else break;
  }
  const curve = [0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7].map((t) => {
    const e = evaluate(queries, scored, t);
    return {
      threshold: t,
      r5: e.r5,
      mrr: e.mrr,
      nonsense_answered: e.nonsense_answered,
      answered_by_category: e.answered_by_category,
      r5_by_category: e.r5_by_category,
    };
  });
  return { no_threshold: open, threshold, at_threshold: evaluate(queries, scored, threshold), curve };
}

async function main() {
  const args = process.argv.slice(2);
  const from = option(args, 'from');
  const file = option(args, 'file', RETRIEVAL_FIXTURE);
  const collected: Query[] = from ? JSON.parse(readFileSync(from, 'utf8')) : await collect(file);
  const dump = option(args, 'dump');
  if (dump) writeFileSync(dump, JSON.stringify(collected));
  const chosen = option(
    args,
    'features',
    'all fourteen (+ words that mean alike: soft match, word-vector cosine)',
  );
  const chosenDepth = Number(option(args, 'depth', '50'));
  // --chosen-only: the chosen set at the chosen depth and floor, not the whole table (minutes less).
  const only = args.includes('--chosen-only');
  const depths = only ? [chosenDepth] : [...new Set([30, 50, chosenDepth])];

  const floorOption = option(args, 'floor');
  const chosenFloor = floorOption === undefined ? undefined : Number(floorOption);
  const table: Record<string, unknown> = {};
  let chosenThreshold = 0;
  let chosenScores: { queries: Query[]; cv: ReturnType<typeof crossValidated> } | undefined;
  for (const depth of depths) {
    const queries = atDepth(collected, depth);
    table[`z-score fusion 0.6/0.4 (before) @${depth}`] = zscoreBaseline(queries);
    for (const [name, features] of Object.entries(FEATURE_SETS)) {
      if (only && name !== chosen) continue;
      // The chosen set is also tried with a cosine floor for candidates sharing no query word.
      const floors =
        name !== chosen
          ? [undefined]
          : only
            ? [chosenFloor]
            : [...new Set([undefined, chosenFloor, 0.3, 0.35, 0.4, 0.45, 0.5])];
      for (const floor of floors) {
        const cv = crossValidated(queries, features, floor);
        const label = `${name}${floor === undefined ? '' : `, floor ${floor}`} @${depth}`;
        table[label] = thresholdTable(queries, cv);
        if (name !== chosen) continue;
        // The chosen set also with its last stage: whether the list answers at all (gate.ts).
        const gated = thresholdTable(queries, heldOutGated(queries, cv));
        table[`${label} + answerable gate`] = gated;
        if (depth === chosenDepth && floor === chosenFloor) {
          chosenThreshold = gated.threshold;
          chosenScores = { queries, cv };
        }
      }
    }
  }
  console.log(JSON.stringify(table, null, 1));

  const evaluateOn = option(args, 'evaluate');
  if (!args.includes('--write') && !evaluateOn) return;
  const queries = atDepth(collected, chosenDepth);
  const features = FEATURE_SETS[chosen]!;
  const passes = fitPasses(queries, features, chosenFloor, (qs, f) => {
    const model = fitted(qs, f);
    return () => model;
  });
  const filled = applyPasses(queries, passes, chosenFloor);
  const { x, y } = design(filled, features);
  const [first] = queries;
  const model: RelevanceModel = {
    ...modelWith(fitFinal(filled, features, passes)(first!), chosenFloor),
    // Fitted on the held-out relevances, as the service's own lists will look.
    ...(chosenScores ? { answerable: fitGate(chosenScores.queries, chosenScores.cv) } : {}),
    ...(passes.feedback ? { feedback: { ...FEEDBACK, first_pass: passes.feedback(first!) } } : {}),
    ...(passes.context ? { context: { ...CONTEXT, first_pass: passes.context(first!) } } : {}),
  };
  if (evaluateOn) {
    // Another collection, ranked by the model fitted on all of this one: held out by data set.
    const other = atDepth(JSON.parse(readFileSync(evaluateOn, 'utf8')) as Query[], chosenDepth);
    const ranked = applyPasses(other, passes, chosenFloor);
    const scored = new Map(other.map((q, i) => [q, byRelevance(ranked[i]!.rows, model)]));
    console.log(
      JSON.stringify(
        {
          [`${evaluateOn}, no threshold`]: evaluate(other, scored, 0),
          [`${evaluateOn}, min_relevance 0.5`]: evaluate(other, scored, 0.5),
        },
        null,
        1,
      ),
    );
  }
  if (args.includes('--write')) {
    // What ships is fitted on Cairn's own fixtures only: LoCoMo's licence allows evaluation only.
    const fixture = new Set([
      ...loadLocomo(RETRIEVAL_FIXTURE).map((c) => c.sampleId),
      ...loadMemoryStores().map((s) => s.store),
    ]);
    if (!queries.every((q) => q.store !== undefined && fixture.has(q.store)))
      throw new Error(
        `--write fits only a collection of Cairn's fixtures (${RETRIEVAL_FIXTURE}, ${MEMORY_FIXTURE}); measure others with --evaluate`,
      );
    model.fitted_on =
      `tests/fixtures/retrieval and tests/fixtures/memories (${from ?? 'collected'}): ${queries.filter((q) => q.kind === 'question').length} questions ` +
      `and ${queries.filter((q) => q.kind === 'fit-nonsense').length} queries that match nothing, ` +
      `${x.length} candidates (${y.filter(Boolean).length} positive) at ${chosenDepth} per arm` +
      `${chosenFloor === undefined ? '' : `, cosine floor ${chosenFloor} without a shared word`}; ` +
      `suggested min_relevance ${chosenThreshold}`;
    const text = await prettier.format(JSON.stringify(model), { parser: 'json', printWidth: 110 });
    writeFileSync(MODEL_FILE, text);
    log(`wrote ${MODEL_FILE}: ${model.fitted_on}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

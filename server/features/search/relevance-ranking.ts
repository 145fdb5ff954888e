import type { Importance } from '../../../contract/traces.js';
import { DEFAULT_IMPORTANCE, DEFAULT_RECENCY, IMPORTANCE_SHARE, recencyShare } from './priors.js';
import {
  answerableOf,
  featureValues,
  logit,
  RELEVANCE_MODEL,
  relevanceOf,
  type RelevanceModel,
  type RelevanceSignals,
} from './relevance.js';
import type { Arm } from './score-fusion.js';
import { expansionTerms, feedbackShare, idf, prefixShare } from './word-signals.js';
import { loadWordVectors, wordMatcher, type WordVectors } from './word-vectors.js';

/** The word vectors, read once (null when they were not built: the word-vector signals are then unknown). */
export const WORD_VECTORS = loadWordVectors();

/** One candidate of hybrid search with what each arm said of it. */
export type Candidate = {
  id: string;
  /** BM25 (absent: no query lexeme matched, or below the arm's depth). */
  bm25?: number;
  /** Cosine similarity to the query (absent: not embedded, or no query vector). */
  cosine?: number;
  /** Every lexeme of the candidate (its full-text document, English stemming). */
  lexemes: readonly string[];
  /** Arms whose own top list held it. */
  arms: readonly Arm[];
  createdAt?: Date | string | number | null;
  importance?: Importance | null;
};

/** What the words of the query, and of its candidates, weigh in this user's notes. */
export type QueryTerms = {
  documents: number;
  /** The query's distinct lexemes, each with its document frequency (0: no note holds it). */
  lexemes: readonly { lexeme: string; df: number }[];
  /**
   * Document frequency of the lexemes of the feedback's source notes (feedbackSources); a lexeme
   * absent here counts as held by one note, so it is not an expansion term.
   */
  df: ReadonlyMap<string, number>;
};

export type RankedHit = {
  id: string;
  /** The relevance plus the priors: what the list is sorted by. */
  score: number;
  /** The model's probability that the candidate answers the query, in [0, 1]. */
  relevance: number;
  /**
   * The candidate's own relevance, before the answerable gate: how well it would answer if
   * anything here does. Weak matches are chosen by it (search.service.ts).
   */
  own: number;
  matched: Arm[];
  signals: RelevanceSignals;
};

export type RankOptions = {
  model?: RelevanceModel;
  /** Mean cosine of the query's nearest traces: how similar "anything" is to this query. */
  background: number | null;
  /**
   * Priors in relevance units, added to the sort key only: a newer or more important memory wins a
   * near-tie (±0.02), never a clear gap, and the reported relevance stays the model's.
   */
  recency?: { halfLifeDays: number; weight: number } | false;
  importance?: { weight: number } | false;
  now?: number;
  /**
   * Each candidate's neighbours in the user's timeline (searchRepo.neighbours, as the model's
   * `context` asks): needed when the model has a context pass, ignored otherwise.
   */
  neighbours?: ReadonlyMap<string, readonly string[]>;
  /**
   * signalsOf(candidates, terms, background) when the caller has them already (the service does,
   * from choosing the feedback's sources): a search computes them once, not twice (~2 ms).
   */
  signals?: Map<string, RelevanceSignals>;
};

export const PRIOR_WEIGHT = 0.02;

/** How many of the highest cosines among the candidates make a query's background. */
export const BACKGROUND_DEPTH = 30;

/**
 * What a query's background usually is, for the model in use: the fitted mean cosine minus the
 * fitted mean margin (≈ 0.25 with the bundled model). null for a model without both.
 */
export function typicalBackground(model: RelevanceModel = RELEVANCE_MODEL): number | null {
  const cosine = model.features.indexOf('cosine');
  const margin = model.features.indexOf('cosine_margin');
  return cosine >= 0 && margin >= 0 ? model.mean[cosine]! - model.mean[margin]! : null;
}

/**
 * The background of a query: the mean of the top 30 cosines among its candidates (how similar
 * "anything" is to it; in a small store, every note). null when none has a cosine. A store of
 * fewer than 30 notes fills the missing places with the typical background: in a store of one
 * note the answer would otherwise be its own background, and stand out from nothing.
 */
export function backgroundOf(
  cosines: readonly (number | null | undefined)[],
  typical: number | null = typicalBackground(),
): number | null {
  const top = cosines
    .filter((c): c is number => typeof c === 'number')
    .sort((a, b) => b - a)
    .slice(0, BACKGROUND_DEPTH);
  if (!top.length) return null;
  const missing = typical === null ? 0 : BACKGROUND_DEPTH - top.length;
  return (top.reduce((s, c) => s + c, 0) + missing * (typical ?? 0)) / (top.length + missing);
}

const ARMS: readonly Arm[] = ['fulltext', 'vector'];

/** The raw signals of every candidate, in the model's terms (feedback 0: see withFeedback). */
export function signalsOf(
  candidates: readonly Candidate[],
  terms: Omit<QueryTerms, 'df'>,
  background: number | null,
  vectors: WordVectors | null = WORD_VECTORS,
): Map<string, RelevanceSignals> {
  const context = querySignals(candidates, terms, background, vectors);
  const weight = new Map(terms.lexemes.map((l) => [l.lexeme, idf(Math.max(terms.documents, 1), l.df)]));
  const known = new Set(terms.lexemes.filter((l) => l.df > 0).map((l) => l.lexeme));
  const mass = [...weight.values()].reduce((s, w) => s + w, 0);
  const count = terms.lexemes.length;
  const bestBm25 = Math.max(0, ...candidates.map((c) => c.bm25 ?? 0));
  const cosines = candidates.flatMap((c) => (c.cosine === undefined ? [] : [c.cosine]));
  const bestCosine = cosines.length ? Math.max(...cosines) : null;
  return new Map(
    candidates.map((c) => {
      const lexemes = new Set(c.lexemes);
      const held = [...known].filter((l) => lexemes.has(l));
      const heldMass = held.reduce((s, l) => s + (weight.get(l) ?? 0), 0);
      const cosine = c.cosine ?? null;
      return [
        c.id,
        {
          bm25: c.bm25 ?? 0,
          idfShare: mass > 0 ? heldMass / mass : 0,
          termShare: count > 0 ? held.length / count : 0,
          cosine,
          cosineMargin: cosine === null || background === null ? null : cosine - background,
          bm25Ratio: bestBm25 > 0 ? (c.bm25 ?? 0) / bestBm25 : 0,
          cosineGap: cosine === null || bestCosine === null ? null : cosine - bestCosine,
          prefixShare: prefixShare(weight, lexemes),
          feedback: 0,
          context: 0,
          contextSum: 0,
          ...context.of(c.lexemes),
          ...context.query,
        },
      ];
    }),
  );
}

/**
 * The word-vector signals of each candidate (soft, sif) and what the query and its whole list say
 * (ADR 0008, "Saying nothing"): how many of its stems the word vectors know (a string of made-up
 * words: none), how many of its lexemes no note holds, and the best soft match and cosine margin
 * among the candidates. The last four are the same for every candidate of a query: they let the
 * model lower a whole list that answers nothing. All null without word vectors (cosine margin
 * without a query vector). The fit scripts recompute them with this same function.
 */
export function querySignals(
  candidates: readonly { lexemes: readonly string[]; cosine?: number | null | undefined }[],
  terms: Omit<QueryTerms, 'df'>,
  background: number | null,
  vectors: WordVectors | null = WORD_VECTORS,
) {
  const stems = terms.lexemes.map((l) => l.lexeme);
  const alike = vectors && wordMatcher(vectors, stems);
  const of = (lexemes: readonly string[]) => ({
    soft: alike ? alike.soft(lexemes) : null,
    sif: alike ? alike.sif(lexemes) : null,
  });
  const cosines = candidates.flatMap((c) => (typeof c.cosine === 'number' ? [c.cosine] : []));
  return {
    of,
    query: {
      queryKnown:
        vectors && stems.length
          ? stems.filter((s) => vectors.index(s) >= 0).length / stems.length
          : vectors
            ? 0
            : null,
      queryNew: stems.length ? terms.lexemes.filter((l) => l.df === 0).length / stems.length : 1,
      bestSoft: alike ? Math.max(0, ...candidates.map((c) => alike.soft(c.lexemes))) : null,
      bestMargin: cosines.length && background !== null ? Math.max(...cosines) - background : null,
    },
  };
}

/** Candidates sorted by relevance (plus gentle priors), best first. */
export function rankByRelevance(
  candidates: readonly Candidate[],
  terms: QueryTerms,
  options: RankOptions,
): RankedHit[] {
  const model = options.model ?? RELEVANCE_MODEL;
  const recency =
    options.recency === false ? null : (options.recency ?? { ...DEFAULT_RECENCY, weight: PRIOR_WEIGHT });
  const importance =
    options.importance === false
      ? null
      : (options.importance ?? { ...DEFAULT_IMPORTANCE, weight: PRIOR_WEIGHT });
  const now = options.now ?? Date.now();
  const signals = withContext(
    withFeedback(
      candidates,
      terms,
      options.signals ?? signalsOf(candidates, terms, options.background),
      model.feedback,
    ),
    options.neighbours ?? new Map(),
    model,
  );
  const scored = candidates.map((c) => ({
    c,
    signals: signals.get(c.id)!,
    relevance: relevanceOf(signals.get(c.id)!, model),
  }));
  // Whether anything here answers at all: the same factor for the whole list (ADR 0008).
  const answerable = answerableOf(scored, model);
  const hits = scored.map(({ c, signals: s, relevance: own }) => {
    const relevance = own * answerable;
    let bonus = 0;
    if (recency) bonus += recency.weight * recencyShare(c.createdAt, now, recency.halfLifeDays);
    if (importance && c.importance) bonus += importance.weight * IMPORTANCE_SHARE[c.importance];
    return {
      id: c.id,
      score: relevance + bonus,
      relevance,
      own,
      matched: ARMS.filter((a) => c.arms.includes(a)),
      signals: s,
    };
  });
  return hits.sort(
    (a, b) => b.score - a.score || b.relevance - a.relevance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The notes a model's first pass ranks highest: where the feedback's expansion terms come from. */
function firstPassTop(
  signals: ReadonlyMap<string, RelevanceSignals>,
  feedback: NonNullable<RelevanceModel['feedback']>,
): string[] {
  return [...signals]
    .map(([id, s]) => ({ id, z: logit(feedback.first_pass, featureValues(s)) }))
    .sort((a, b) => b.z - a.z || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, feedback.documents)
    .map((h) => h.id);
}

/**
 * The candidates the feedback will draw its expansion terms from (none without a feedback stage),
 * given their signals (signalsOf): the service reads the document frequency of their lexemes only,
 * then ranks.
 */
export function feedbackSources(
  candidates: readonly Candidate[],
  signals: ReadonlyMap<string, RelevanceSignals>,
  model: RelevanceModel = RELEVANCE_MODEL,
): Candidate[] {
  if (!model.feedback) return [];
  const byId = new Map(candidates.map((c) => [c.id, c]));
  return firstPassTop(signals, model.feedback).map((id) => byId.get(id)!);
}

/**
 * The signals with pseudo-relevance feedback filled in, when the model has it: its first pass
 * ranks the candidates on the other signals, and each candidate's `feedback` is the share it holds
 * of the expansion terms drawn from the first pass's top notes (word-signals.ts).
 */
export function withFeedback(
  candidates: readonly Candidate[],
  terms: QueryTerms,
  signals: Map<string, RelevanceSignals>,
  feedback: RelevanceModel['feedback'],
): Map<string, RelevanceSignals> {
  if (!feedback) return signals;
  const lexemes = new Map(candidates.map((c) => [c.id, new Set(c.lexemes)]));
  const expansion = expansionTerms(
    firstPassTop(signals, feedback).map((id) => lexemes.get(id)!),
    new Set(terms.lexemes.map((l) => l.lexeme)),
    terms.df,
    Math.max(terms.documents, 1),
    feedback.terms,
  );
  return new Map(
    [...signals].map(([id, s]) => [id, { ...s, feedback: feedbackShare(expansion, lexemes.get(id)!) }]),
  );
}

/**
 * The signals with the timeline's context filled in, when the model has a context pass: its first
 * pass scores every candidate, and each candidate's `context` is the best of those scores among
 * its neighbours that are candidates too, `contextSum` their sum (ADR 0008, "Context from the
 * timeline"). A neighbour that is not a candidate matched nothing of the query: it adds nothing.
 */
export function withContext(
  signals: Map<string, RelevanceSignals>,
  neighbours: ReadonlyMap<string, readonly string[]>,
  model: RelevanceModel,
): Map<string, RelevanceSignals> {
  const context = model.context;
  if (!context) return signals;
  // The pass's weights under the model's own rules (its cosine floor).
  const pass = { ...model, ...context.first_pass };
  const firstPass = new Map([...signals].map(([id, s]) => [id, relevanceOf(s, pass)]));
  return new Map(
    [...signals].map(([id, s]) => {
      const around = (neighbours.get(id) ?? []).map((n) => firstPass.get(n) ?? 0);
      return [id, { ...s, context: Math.max(0, ...around), contextSum: around.reduce((a, b) => a + b, 0) }];
    }),
  );
}

import trainedModel from './relevance-model.json' with { type: 'json' };

/**
 * A relevance that means the same for every query (docs/decisions/0008-hybrid-search.md): a small
 * logistic model over raw signals of one candidate, so the best of ten bad answers scores low
 * instead of "the best". Fitted by scripts/fit-relevance.ts on Cairn's own retrieval fixture
 * (tests/fixtures/retrieval) plus generated queries that match nothing; shipped as data. LoCoMo
 * only measures it: its licence allows evaluation only.
 */
export type RelevanceSignals = {
  /** BM25 score of the candidate (0 when no query lexeme matched). */
  bm25: number;
  /** Share of the query's idf mass held by the candidate's matched lexemes (unknown words count at full idf). */
  idfShare: number;
  /** Share of the query's distinct lexemes the candidate holds. */
  termShare: number;
  /** Cosine similarity to the query; null when not embedded (or the model did not answer). */
  cosine: number | null;
  /** Cosine minus the background: the mean cosine of the query's nearest traces (the vector arm's). */
  cosineMargin: number | null;
  /** BM25 over the best BM25 among the candidates (0 when nothing matched). */
  bm25Ratio: number;
  /** Cosine minus the best cosine among the candidates (≤ 0). */
  cosineGap: number | null;
  /**
   * Share of the query's idf mass held only through a shared 4-letter beginning (a query lexeme
   * the candidate lacks, and one of the candidate's lexemes starting alike): "photography" and
   * "photos", which the English stemmer keeps apart.
   */
  prefixShare: number;
  /**
   * Pseudo-relevance feedback (word-signals.ts, relevance-ranking.ts): the share of the expansion terms' weight the
   * candidate holds, the terms taken from the first pass's top notes. 0 in the first pass.
   */
  feedback: number;
  /**
   * The notes written just before and after it (relevance-ranking.ts, withContext): the highest
   * relevance, by the model's context pass, of a candidate among its neighbours in the user's
   * timeline. A memory's neighbours are usually about the same thing (one conversation, one
   * sitting), so an answer next to other answers is likelier one itself. 0 before that pass.
   */
  context: number;
  /** The sum of those neighbours' relevance: how much of the sitting is about the query. */
  contextSum: number;
  /**
   * Words that mean alike (word-vectors.ts): how much of the query's meaning the note's words
   * carry, each query word by its closest word of the note. null: the word vectors were not built
   * (then taken at its fitted mean, like an unknown cosine).
   */
  soft: number | null;
  /** The cosine of the query's and the note's weighted mean word vectors (null as for `soft`). */
  sif: number | null;
  /**
   * The query and its whole list (relevance-ranking.ts querySignals), the same for every candidate
   * of one query: the share of its stems the word vectors know, the share of its lexemes no note
   * holds, the best soft match and the best cosine margin among its candidates.
   */
  queryKnown: number | null;
  queryNew: number;
  bestSoft: number | null;
  bestMargin: number | null;
};

export const FEATURE_NAMES = [
  'log_bm25',
  'idf_share',
  'term_share',
  'cosine',
  'cosine_margin',
  'bm25_ratio',
  'cosine_gap',
  'no_vector',
  'prefix_share',
  'feedback',
  'context',
  'context_sum',
  'soft',
  'sif',
  'query_known',
  'query_new',
  'best_soft',
  'best_margin',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** The signals the context pass gives (RelevanceModel['context']): no earlier pass may weigh them. */
export const CONTEXT_FEATURES: readonly FeatureName[] = ['context', 'context_sum'];

/** A logistic model's weights over standardised features (the weights apply to (x − mean) / sd). */
export type LinearModel = {
  features: FeatureName[];
  mean: number[];
  sd: number[];
  weights: number[];
  bias: number;
};

export type RelevanceModel = LinearModel & {
  /**
   * Pseudo-relevance feedback (word-signals.ts, relevance-ranking.ts): `first_pass` (the model without `feedback`) ranks the
   * candidates, the words of its top `documents` notes give `terms` expansion terms, and the
   * candidates holding them get the `feedback` signal this model weighs. Absent: one pass.
   */
  feedback?: { documents: number; terms: number; first_pass: LinearModel };
  /**
   * Context from the timeline (relevance-ranking.ts, withContext): `first_pass` (the model without
   * the context signals, after the feedback) scores the candidates; each candidate's `context` is
   * the best of those scores, and `context_sum` their sum, among the candidates within `span` notes
   * of it in the user's timeline and within `window_minutes` of its creation (one sitting). Absent:
   * no context pass.
   */
  context?: { span: number; window_minutes: number; first_pass: LinearModel };
  /**
   * A candidate sharing no word with the query is relevant only when its cosine reaches this (the
   * bundled model's scale): with a small model, the note "closest in meaning" to an off-topic
   * question is still a note about something else (ADR 0018). Absent: no floor.
   */
  min_cosine_without_words?: number;
  /**
   * Whether anything in the list answers the query at all (ADR 0008, "Saying nothing"): a logistic
   * model over the whole list (ANSWERABLE_FEATURES), whose probability multiplies every candidate's
   * relevance. One candidate's signals cannot tell a question nothing answers from one whose answer
   * is weak; the list and the query's own words can. Absent: no gate.
   */
  answerable?: AnswerableModel;
  fitted_on: string;
};

export const ANSWERABLE_FEATURES = [
  'best_relevance',
  'query_known',
  'query_new',
  'best_soft',
  'best_margin',
  'best_idf_share',
] as const;
export type AnswerableFeature = (typeof ANSWERABLE_FEATURES)[number];

export type AnswerableModel = {
  features: AnswerableFeature[];
  mean: number[];
  sd: number[];
  weights: number[];
  bias: number;
};

/** The list-level values the gate reads: from any candidate's query signals and the list's relevances. */
export function answerableValues(
  list: readonly { signals: RelevanceSignals; relevance: number }[],
): Record<AnswerableFeature, number | null> {
  const first = list[0]?.signals;
  return {
    best_relevance: Math.max(0, ...list.map((c) => c.relevance)),
    query_known: first?.queryKnown ?? null,
    query_new: first?.queryNew ?? 1,
    best_soft: first?.bestSoft ?? null,
    best_margin: first?.bestMargin ?? null,
    best_idf_share: Math.max(0, ...list.map((c) => c.signals.idfShare)),
  };
}

/** The gate's probability that anything in the list answers (1 without a gate or a list). */
export function answerableOf(
  list: readonly { signals: RelevanceSignals; relevance: number }[],
  model: RelevanceModel = RELEVANCE_MODEL,
): number {
  return model.answerable ? gateProbability(model.answerable, list) : 1;
}

/**
 * One gate's probability for one list: the shipped gate, or one the fit holds out by store. A list
 * without a cosine (the model is down: mode fulltext) is not judged: the gate was fitted on lists
 * with meaning, and a query whose words no note holds has no full-text list to doubt.
 */
export function gateProbability(
  gate: AnswerableModel,
  list: readonly { signals: RelevanceSignals; relevance: number }[],
): number {
  if (!list.length || heldWhole(list) || !list.some((c) => c.signals.cosine !== null)) return 1;
  const values = answerableValues(list);
  let z = gate.bias;
  gate.features.forEach((f, i) => {
    const v = values[f];
    if (v !== null) z += gate.weights[i]! * ((v - gate.mean[i]!) / (gate.sd[i]! || 1));
  });
  const p = 1 / (1 + Math.exp(-z));
  return Number.isFinite(p) ? p : z > 0 ? 1 : 0;
}

/**
 * A note holding every word of the query: the words themselves are the evidence, whatever the
 * meaning signals the gate reads say (an invoice number or an error code is unknown to the word
 * vectors; the fake and failed embedders give no meaning at all). A nonsense string cannot be held
 * whole by a note unless the person wrote it; an off-topic question rarely is, and when it is the
 * note is about what was asked.
 */
function heldWhole(list: readonly { signals: RelevanceSignals }[]): boolean {
  return list.some(({ signals: s }) => s.termShare === 1);
}

/**
 * Every feature the model may use, as numbers; null where it is unknown: the cosine and what derives
 * from it when the query or the note has no vector (the model failed, or the note waits in the
 * queue). The model was fitted on candidates that all had one, so an unknown feature is taken at its
 * fitted mean (it adds nothing to the logit): the words decide, instead of an invented cosine of 0
 * that the weights read as "far in meaning".
 */
export function featureValues(s: RelevanceSignals): Record<FeatureName, number | null> {
  return {
    log_bm25: Math.log1p(Math.max(0, s.bm25)),
    idf_share: s.idfShare,
    term_share: s.termShare,
    cosine: s.cosine,
    cosine_margin: s.cosineMargin,
    bm25_ratio: s.bm25Ratio,
    cosine_gap: s.cosineGap,
    no_vector: s.cosine === null ? 1 : 0,
    prefix_share: s.prefixShare,
    feedback: s.feedback,
    context: s.context,
    context_sum: s.contextSum,
    soft: s.soft,
    sif: s.sif,
    query_known: s.queryKnown,
    query_new: s.queryNew,
    best_soft: s.bestSoft,
    best_margin: s.bestMargin,
  };
}

export function logit(model: LinearModel, values: Record<FeatureName, number | null>): number {
  let z = model.bias;
  model.features.forEach((f, i) => {
    const v = values[f];
    if (v !== null) z += model.weights[i]! * ((v - model.mean[i]!) / (model.sd[i]! || 1));
  });
  return z;
}

/** The probability, in [0, 1], that the candidate answers the query. */
export function relevanceOf(signals: RelevanceSignals, model: RelevanceModel = RELEVANCE_MODEL): number {
  if (wordlessAndFar(signals, model)) return 0;
  const z = logit(model, featureValues(signals));
  const p = 1 / (1 + Math.exp(-z));
  return Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : z > 0 ? 1 : 0;
}

/** Shares no word with the query and is not close enough in meaning to count without one. */
export function wordlessAndFar(s: RelevanceSignals, model: RelevanceModel): boolean {
  const floor = model.min_cosine_without_words;
  return floor !== undefined && s.termShare === 0 && (s.cosine ?? -1) < floor;
}

function wellFormed(m: LinearModel): boolean {
  const n = m.features.length;
  return (
    m.mean.length === n &&
    m.sd.length === n &&
    m.weights.length === n &&
    m.features.every((f) => FEATURE_NAMES.includes(f))
  );
}

function checked(m: RelevanceModel): RelevanceModel {
  const g = m.answerable;
  if (
    g !== undefined &&
    !(
      g.mean.length === g.features.length &&
      g.sd.length === g.features.length &&
      g.weights.length === g.features.length &&
      g.features.every((f) => ANSWERABLE_FEATURES.includes(f))
    )
  )
    throw new Error('relevance-model.json is malformed: run node --import tsx scripts/fit-relevance.ts');
  const f = m.feedback;
  const c = m.context;
  const weighsContext = (pass: LinearModel) => pass.features.some((name) => CONTEXT_FEATURES.includes(name));
  if (
    !wellFormed(m) ||
    (c !== undefined &&
      (!wellFormed(c.first_pass) || weighsContext(c.first_pass) || !(c.span >= 1 && c.window_minutes > 0))) ||
    (m.min_cosine_without_words !== undefined && !(Math.abs(m.min_cosine_without_words) <= 1)) ||
    (f !== undefined &&
      (!wellFormed(f.first_pass) ||
        f.first_pass.features.includes('feedback') ||
        weighsContext(f.first_pass) ||
        !(f.documents >= 1 && f.terms >= 1)))
  )
    throw new Error('relevance-model.json is malformed: run node --import tsx scripts/fit-relevance.ts');
  return m;
}

export const RELEVANCE_MODEL: RelevanceModel = checked(trainedModel as RelevanceModel);

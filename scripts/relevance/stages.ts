// The relevance model's passes, as the fit reproduces them on a collection (scripts/fit-relevance.ts):
// the feedback's first pass, then the context's, then the model itself (relevance-ranking.ts ranks
// in the same order). Each pass fills in the signal the next one weighs.
import {
  CONTEXT_FEATURES,
  type FeatureName,
  featureValues,
  type LinearModel,
  logit,
  type RelevanceModel,
} from '../../server/features/search/relevance.js';
import { withContext, withFeedback } from '../../server/features/search/relevance-ranking.js';
import { CONTEXT, type Query } from '../collect-relevance.js';
import { design } from './design.js';
import { fitBoost, fitLogistic } from './fit-logistic.js';

/** How many first-pass notes give expansion terms, and how many terms (ADR 0008, "Words beyond the query"). */
export const FEEDBACK = { documents: 5, terms: 10 };

/** A model of these queries' candidates (the generated check queries left out). */
export function fitted(queries: Query[], features: FeatureName[]): LinearModel {
  const { x, y } = design(queries, features);
  const { fitted_on: _, ...model } = fitLogistic(x, y, features);
  return model;
}

/** The features of the feedback's first pass, when `features` has the feedback signal. */
export function feedbackPassFeatures(features: FeatureName[]): FeatureName[] | null {
  return features.includes('feedback')
    ? features.filter((f) => f !== 'feedback' && !CONTEXT_FEATURES.includes(f))
    : null;
}

/** The features of the context's first pass, when `features` has the context signal. */
export function contextPassFeatures(features: FeatureName[]): FeatureName[] | null {
  return features.some((f) => CONTEXT_FEATURES.includes(f))
    ? features.filter((f) => !CONTEXT_FEATURES.includes(f))
    : null;
}

/**
 * Each query with its candidates' feedback signal computed as the service computes it, the first
 * pass being `firstPassOf(query)`. Needs a dump with lexemes (collected since the feedback).
 */
export function withFeedbackOf(queries: Query[], firstPassOf: (q: Query) => LinearModel): Query[] {
  return queries.map((q) => {
    if (!q.terms || q.rows.some((r) => !r.lexemes))
      throw new Error('this dump has no lexemes: collect again to fit the feedback signal');
    const candidates = q.rows.map((r, i) => ({ id: String(i), lexemes: r.lexemes, arms: [] }));
    const terms = { ...q.terms, df: new Map(Object.entries(q.terms.df)) };
    const signals = withFeedback(candidates, terms, new Map(q.rows.map((r, i) => [String(i), r.signals])), {
      ...FEEDBACK,
      first_pass: firstPassOf(q),
    });
    return { ...q, rows: q.rows.map((r, i) => ({ ...r, signals: signals.get(String(i))! })) };
  });
}

/**
 * Each query with its candidates' context signal computed as the service computes it, the context
 * pass being `firstPassOf(query)` under the cosine floor `floor`. Needs a dump with neighbours.
 */
export function withContextOf(
  queries: Query[],
  firstPassOf: (q: Query) => LinearModel,
  floor: number | undefined,
): Query[] {
  return queries.map((q) => {
    if (q.rows.some((r) => !r.neighbours))
      throw new Error('this dump has no neighbours: collect again to fit the context signal');
    const neighbours = new Map(q.rows.map((r, i) => [String(i), r.neighbours!.map(String)]));
    const pass = firstPassOf(q);
    const signals = withContext(new Map(q.rows.map((r, i) => [String(i), r.signals])), neighbours, {
      ...modelWith(pass, floor),
      context: { ...CONTEXT, first_pass: pass },
    });
    return { ...q, rows: q.rows.map((r, i) => ({ ...r, signals: signals.get(String(i))! })) };
  });
}

/** A linear model as the service's model type, with the cosine floor when one is given. */
export function modelWith(model: LinearModel, floor: number | undefined): RelevanceModel {
  return { ...model, fitted_on: '', ...(floor === undefined ? {} : { min_cosine_without_words: floor }) };
}

/** The earlier passes' models, per query (held out: each query's fitted without its store). */
export type Passes = { feedback?: (q: Query) => LinearModel; context?: (q: Query) => LinearModel };

/** The queries with every signal the passes give filled in, in the service's order. */
export function applyPasses(queries: Query[], passes: Passes, floor: number | undefined): Query[] {
  const cleared = queries.map((q) => ({
    ...q,
    rows: q.rows.map((r) => ({ ...r, signals: { ...r.signals, feedback: 0, context: 0, contextSum: 0 } })),
  }));
  const afterFeedback = passes.feedback ? withFeedbackOf(cleared, passes.feedback) : cleared;
  return passes.context ? withContextOf(afterFeedback, passes.context, floor) : afterFeedback;
}

/** The passes `features` needs, each fitted by `fitPass` on the signals of the passes before it. */
export function fitPasses(
  queries: Query[],
  features: FeatureName[],
  floor: number | undefined,
  fitPass: (queries: Query[], features: FeatureName[]) => (q: Query) => LinearModel,
): Passes {
  const passes: Passes = {};
  const feedbackFeatures = feedbackPassFeatures(features);
  if (feedbackFeatures) passes.feedback = fitPass(applyPasses(queries, {}, floor), feedbackFeatures);
  const contextFeatures = contextPassFeatures(features);
  if (contextFeatures) passes.context = fitPass(applyPasses(queries, passes, floor), contextFeatures);
  return passes;
}

/**
 * The model itself, per query. Without the context signals, a logistic fit of `features`. With
 * them, a boost on the context pass: its weights kept, and the context signals' weights fitted on
 * top (no bias), so a note's neighbours can raise its relevance but never lower it below what the
 * pass gives — a user whose notes are not written in sittings loses nothing to the signal. (A free
 * fit learns a lower bias and lets "no relevant neighbour" cost ~0.12 of relevance: a lone answer
 * among unrelated notes fell under the threshold.)
 */
export function fitFinal(
  queries: Query[],
  features: FeatureName[],
  passes: Passes,
): (q: Query) => LinearModel {
  const boosted = features.filter((f) => CONTEXT_FEATURES.includes(f));
  const base = passes.context;
  if (!boosted.length || !base) {
    const model = fitted(queries, features);
    return () => model;
  }
  const offset = queries.flatMap((q) =>
    q.kind === 'check-nonsense' ? [] : q.rows.map((r) => logit(base(q), featureValues(r.signals))),
  );
  const { x, y } = design(queries, boosted);
  const boost = fitBoost(x, y, offset);
  if (boost.some((w) => w < 0))
    throw new Error(
      `a context signal fitted a negative weight (${boost.join(', ')}): it would lower relevance`,
    );
  return (q) => {
    const pass = base(q);
    return {
      features: [...pass.features, ...boosted],
      mean: [...pass.mean, ...boosted.map(() => 0)],
      sd: [...pass.sd, ...boosted.map(() => 1)],
      weights: [...pass.weights, ...boost],
      bias: pass.bias,
    };
  };
}

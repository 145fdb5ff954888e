// Real: the shipped relevance model (relevance-model.json). Faked: nothing; the signals are
// written out by hand so each case says which one decides.
import { describe, expect, it } from 'vitest';
import {
  RELEVANCE_MODEL,
  answerableOf,
  relevanceOf,
  wordlessAndFar,
  type RelevanceSignals,
} from './relevance.js';

/** A candidate as an off-topic question's best note looks: no shared word, nearest in meaning. */
function candidate(cosine: number, termShare: number): RelevanceSignals {
  return {
    bm25: termShare ? 2.5 : 0,
    idfShare: termShare,
    termShare,
    cosine,
    cosineMargin: cosine - 0.15,
    bm25Ratio: termShare ? 1 : 0,
    cosineGap: 0,
    prefixShare: 0,
    feedback: 0,
    context: 0,
    contextSum: 0,
    soft: null,
    sif: null,
    queryKnown: null,
    queryNew: 0,
    bestSoft: null,
    bestMargin: null,
  };
}

describe('relevance model', () => {
  it("is fitted on Cairn's own retrieval fixture, never on LoCoMo (its licence allows evaluation only)", () => {
    expect(RELEVANCE_MODEL.fitted_on).toMatch(/^tests\/fixtures\/retrieval /);
  });

  it("ships its passes: the feedback's, then the timeline context's, each without the signals after it", () => {
    expect(RELEVANCE_MODEL.features).toContain('context');
    expect(RELEVANCE_MODEL.feedback!.first_pass.features).not.toContain('feedback');
    expect(RELEVANCE_MODEL.context!.first_pass.features).toContain('feedback');
    expect(RELEVANCE_MODEL.context!.first_pass.features).not.toContain('context');
    // Two notes each side within an hour: one sitting (ADR 0008, "Context from the timeline").
    expect(RELEVANCE_MODEL.context).toMatchObject({ span: 2, window_minutes: 60 });
  });

  it('lets the neighbours raise a relevance, never lower it below the context pass', () => {
    const pass = RELEVANCE_MODEL.context!.first_pass;
    const signals = { ...candidate(0.45, 0.5), feedback: 0.2 };
    const alone = relevanceOf(signals, { ...pass, fitted_on: '' });
    expect(relevanceOf(signals)).toBeCloseTo(alone, 10);
    expect(relevanceOf({ ...signals, context: 0.9, contextSum: 1.5 })).toBeGreaterThan(alone);
  });

  it('ships no cosine floor: a note that shares no word with the question is judged by the model', () => {
    // ADR 0008, "Words that mean alike": the floor of issue 18 cut 62 of 67 wordless answers the
    // embedding had right; the word-vector signals and the gate below now do its job.
    expect(RELEVANCE_MODEL.min_cosine_without_words).toBeUndefined();
    const paraphrase = { ...candidate(0.42, 0), soft: 0.6, sif: 0.55 };
    expect(wordlessAndFar(paraphrase, RELEVANCE_MODEL)).toBe(false);
    expect(relevanceOf(paraphrase)).toBeGreaterThan(relevanceOf(candidate(0.2, 0)));
  });

  it('still honours a floor when a model carries one', () => {
    const withFloor = { ...RELEVANCE_MODEL, min_cosine_without_words: 0.35 };
    const far = candidate(0.34, 0);
    expect(wordlessAndFar(far, withFloor)).toBe(true);
    expect(relevanceOf(far, withFloor)).toBe(0);
    expect(wordlessAndFar(candidate(0.34, 0.5), withFloor)).toBe(false);
  });

  it('ships a gate that trusts a list with a clear answer and doubts one made of nonsense', () => {
    expect(RELEVANCE_MODEL.answerable?.features.length).toBeGreaterThan(0);
    const answer = {
      signals: {
        ...candidate(0.55, 1),
        queryKnown: 1,
        queryNew: 0,
        bestSoft: 0.9,
        bestMargin: 0.3,
        soft: 0.9,
      },
      relevance: 0.9,
    };
    const nonsense = {
      signals: { ...candidate(0.2, 0), queryKnown: 0, queryNew: 1, bestSoft: 0.1, bestMargin: 0.02 },
      relevance: 0.3,
    };
    expect(answerableOf([answer])).toBeGreaterThan(0.5);
    expect(answerableOf([nonsense])).toBeLessThan(answerableOf([answer]));
    expect(answerableOf([], RELEVANCE_MODEL)).toBe(1);
  });

  it('takes an unknown cosine at its fitted mean: the words decide, not an invented distance', () => {
    const words = { ...candidate(0, 1), bm25: 6 };
    const unknown = { ...words, cosine: null, cosineMargin: null, cosineGap: null };
    const i = (f: string) => RELEVANCE_MODEL.features.indexOf(f as never);
    const atMean = {
      ...words,
      cosine: RELEVANCE_MODEL.mean[i('cosine')]!,
      cosineMargin: RELEVANCE_MODEL.mean[i('cosine_margin')]!,
      cosineGap: RELEVANCE_MODEL.mean[i('cosine_gap')]!,
    };
    expect(relevanceOf(unknown)).toBeCloseTo(relevanceOf(atMean), 10);
    // A note holding every word of the query is returned when the model is down (mode fulltext).
    expect(relevanceOf(unknown)).toBeGreaterThan(0.5);
  });

  it('leaves the model to judge a candidate that is close in meaning or shares a word', () => {
    expect(relevanceOf(candidate(0.55, 0))).toBeGreaterThan(0);
    expect(relevanceOf(candidate(0.2, 0.5))).toBeGreaterThan(0);
  });
});

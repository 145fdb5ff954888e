// Real: the shipped relevance model (relevance-model.json). Faked: nothing; the signals are
// written out by hand so each case says which one decides.
import { describe, expect, it } from 'vitest';
import { RELEVANCE_MODEL, relevanceOf, wordlessAndFar, type RelevanceSignals } from './relevance.js';

const floor = RELEVANCE_MODEL.min_cosine_without_words!;

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

  it('ships a cosine floor for candidates that share no word with the query', () => {
    // Chosen between the quality fixture's off-topic nearest notes (≤ 0.25 with the query adapter)
    // and its wordless real answers (≥ 0.32), and checked on the retrieval fixture (ADR 0018, ADR
    // 0008 "Fitted on our own data").
    expect(floor).toBeGreaterThanOrEqual(0.3);
    expect(floor).toBeLessThanOrEqual(0.45);
  });

  it('scores a wordless candidate below the floor 0, however it stands out from the rest', () => {
    const far = candidate(floor - 0.01, 0);
    expect(wordlessAndFar(far, RELEVANCE_MODEL)).toBe(true);
    expect(relevanceOf(far)).toBe(0);
    // The model alone would have given it something: the floor, not the weights, cuts it.
    const { min_cosine_without_words: _, ...withoutFloor } = RELEVANCE_MODEL;
    expect(relevanceOf(far, withoutFloor)).toBeGreaterThan(0.1);
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
    const close = candidate(floor + 0.2, 0);
    expect(wordlessAndFar(close, RELEVANCE_MODEL)).toBe(false);
    expect(relevanceOf(close)).toBeGreaterThan(0);
    const sharesAWord = candidate(floor - 0.1, 0.5);
    expect(wordlessAndFar(sharesAWord, RELEVANCE_MODEL)).toBe(false);
    expect(relevanceOf(sharesAWord)).toBeGreaterThan(0);
  });
});

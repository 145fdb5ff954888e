// The timeline's context signal (relevance-ranking.ts, withContext): pure code over given signals
// and neighbours; the neighbours' SQL is neighbours.test.ts.
import { describe, expect, it } from 'vitest';
import { type LinearModel, relevanceOf, type RelevanceModel, type RelevanceSignals } from './relevance.js';
import { withContext } from './relevance-ranking.js';

/** A pass that reads the words only: BM25 decides. */
const wordsPass: LinearModel = { features: ['log_bm25'], mean: [0], sd: [1], weights: [3], bias: -2 };
const model: RelevanceModel = {
  ...wordsPass,
  fitted_on: 'test',
  min_cosine_without_words: 0.31,
  context: { span: 2, window_minutes: 60, first_pass: wordsPass },
};

function note(bm25: number, cosine = 0.5): RelevanceSignals {
  return {
    bm25,
    idfShare: bm25 ? 0.5 : 0,
    termShare: bm25 ? 0.5 : 0,
    cosine,
    cosineMargin: 0,
    bm25Ratio: 0,
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

describe('withContext', () => {
  const signals = new Map([
    ['answer', note(0)],
    ['question', note(4)],
    ['alone', note(0)],
    ['far', note(0, 0.1)],
  ]);
  const neighbours = new Map([
    ['answer', ['question', 'not-a-candidate']],
    ['question', ['answer', 'alone']],
    ['far', ['answer']],
  ]);

  it("gives a note its best neighbour's first-pass relevance, and their sum", () => {
    const out = withContext(signals, neighbours, model);
    const strong = relevanceOf(note(4), { ...wordsPass, fitted_on: '' });
    const weak = relevanceOf(note(0), { ...wordsPass, fitted_on: '' });
    expect(out.get('answer')).toMatchObject({ context: strong, contextSum: strong });
    expect(out.get('question')!.context).toBeCloseTo(weak);
    expect(out.get('question')!.contextSum).toBeCloseTo(2 * weak);
    expect(out.get('alone')).toMatchObject({ context: 0, contextSum: 0 });
  });

  it('counts a neighbour the cosine floor cuts as nothing', () => {
    const out = withContext(signals, new Map([['answer', ['far']]]), model);
    expect(out.get('answer')!.context).toBe(0);
  });

  it('leaves the signals as they are for a model without a context pass', () => {
    const { context: _, ...withoutContext } = model;
    expect(withContext(signals, neighbours, withoutContext)).toBe(signals);
  });
});

// Real: the word signals and the shipped relevance model's feedback settings. Faked: nothing; the
// lexemes and document frequencies are written out by hand so each case says what decides.
import { describe, expect, it } from 'vitest';
import { RELEVANCE_MODEL, type RelevanceSignals } from './relevance.js';
import { feedbackSources, signalsOf, withFeedback } from './relevance-ranking.js';
import { expansionTerms, feedbackShare, idf, prefixShare } from './word-signals.js';

const set = (...l: string[]) => new Set(l);

describe('prefixShare', () => {
  const weight = new Map([
    ['photographi', 3],
    ['melani', 1],
  ]);

  it('counts a query lexeme the note lacks when a lexeme of the note begins with the same four letters', () => {
    expect(prefixShare(weight, set('photo', 'melani'))).toBeCloseTo(3 / 4);
  });

  it('does not count a lexeme the note holds itself, nor one shorter than four letters', () => {
    expect(prefixShare(weight, set('photographi', 'camera'))).toBe(0);
    expect(prefixShare(new Map([['art', 2]]), set('arti', 'artist'))).toBe(0);
  });

  it('is 0 for an empty query', () => {
    expect(prefixShare(new Map(), set('photo'))).toBe(0);
  });
});

describe('expansionTerms', () => {
  const df = new Map([
    ['guitar', 4],
    ['concert', 2],
    ['lesson', 40],
    ['melani', 300],
    ['onlyhere', 1],
  ]);
  const top = [set('guitar', 'concert', 'melani', 'onlyhere'), set('guitar', 'lesson', 'melani')];

  it('weighs each word the query lacks by its idf once per top note holding it, heaviest first', () => {
    const terms = expansionTerms(top, set('melani', 'music'), df, 1000, 10);
    expect(terms.map((t) => t.lexeme)).toEqual(['guitar', 'concert', 'lesson']);
    expect(terms[0]!.weight).toBeCloseTo(2 * idf(1000, 4));
    expect(terms[1]!.weight).toBeCloseTo(idf(1000, 2));
  });

  it("leaves out the query's own words and words only one note holds", () => {
    const lexemes = expansionTerms(top, set('melani'), df, 1000, 10).map((t) => t.lexeme);
    expect(lexemes).not.toContain('melani');
    expect(lexemes).not.toContain('onlyhere');
  });

  it('keeps at most `count` terms', () => {
    expect(expansionTerms(top, set(), df, 1000, 2)).toHaveLength(2);
  });
});

describe('feedbackShare', () => {
  const terms = [
    { lexeme: 'guitar', weight: 3 },
    { lexeme: 'concert', weight: 1 },
  ];

  it("is the share of the terms' weight the note holds", () => {
    expect(feedbackShare(terms, set('guitar', 'melani'))).toBeCloseTo(0.75);
    expect(feedbackShare(terms, set('concert', 'guitar'))).toBe(1);
    expect(feedbackShare(terms, set('melani'))).toBe(0);
    expect(feedbackShare([], set('guitar'))).toBe(0);
  });
});

describe('withFeedback', () => {
  /** A candidate whose words decide: the first pass ranks by them. */
  function signals(bm25: number): RelevanceSignals {
    return {
      bm25,
      idfShare: bm25 ? 0.6 : 0,
      termShare: bm25 ? 0.5 : 0,
      cosine: 0.4,
      cosineMargin: 0,
      bm25Ratio: bm25 / 6,
      cosineGap: -0.1,
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
  const candidates = [
    { id: 'top', lexemes: ['guitar', 'concert', 'melani'], arms: ['fulltext' as const] },
    { id: 'also', lexemes: ['guitar', 'lesson'], arms: ['vector' as const] },
    { id: 'other', lexemes: ['dog', 'park'], arms: ['vector' as const] },
  ];
  const terms = {
    documents: 1000,
    lexemes: [{ lexeme: 'melani', df: 300 }],
    df: new Map([
      ['guitar', 5],
      ['concert', 3],
      ['lesson', 30],
      ['dog', 8],
      ['park', 9],
      ['melani', 300],
    ]),
  };
  const first = new Map([
    ['top', signals(6)],
    ['also', signals(0)],
    ['other', signals(0)],
  ]);

  it('gives a note that shares the top notes’ words a feedback signal, and an unrelated one none', () => {
    const feedback = { documents: 1, terms: 10, first_pass: RELEVANCE_MODEL.feedback!.first_pass };
    const out = withFeedback(candidates, terms, first, feedback);
    expect(out.get('also')!.feedback).toBeGreaterThan(0);
    expect(out.get('other')!.feedback).toBe(0);
    expect(out.get('top')!.feedback).toBe(1);
  });

  it("names the first pass's top notes as the feedback's sources, best first", () => {
    const signals = signalsOf(candidates, terms, 0.4);
    const sources = feedbackSources(candidates, signals);
    expect(sources[0]!.id).toBe('top');
    expect(sources.length).toBeLessThanOrEqual(RELEVANCE_MODEL.feedback!.documents);
    const { feedback: _, ...onePass } = RELEVANCE_MODEL;
    expect(feedbackSources(candidates, signals, onePass)).toEqual([]);
  });

  it('leaves the signals as they are for a model without feedback', () => {
    expect(withFeedback(candidates, terms, first, undefined)).toBe(first);
  });

  it('ships a model with a feedback stage whose first pass does not use the feedback signal', () => {
    const f = RELEVANCE_MODEL.feedback!;
    expect(RELEVANCE_MODEL.features).toContain('feedback');
    expect(f.first_pass.features).not.toContain('feedback');
    expect(f.documents).toBeGreaterThanOrEqual(1);
  });
});

// Real: pure code (score fusion). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { fuseScores, type ScoredCandidate } from './score-fusion.js';

const NOW = new Date('2026-11-23T12:00:00Z').getTime();
const DAY = 86_400_000;
const noPriors = { recency: false, importance: false } as const;
const c = (
  id: string,
  fulltext: number | undefined,
  vector: number | undefined,
  extra: Partial<ScoredCandidate> = {},
): ScoredCandidate => ({
  id,
  scores: { ...(fulltext === undefined ? {} : { fulltext }), ...(vector === undefined ? {} : { vector }) },
  matched: [
    ...(fulltext ? (['fulltext'] as const) : []),
    ...(vector !== undefined ? (['vector'] as const) : []),
  ],
  ...extra,
});

describe('fuseScores: z-score fusion', () => {
  it('sums each arm’s standardised score with its weight and reports the arms that matched', () => {
    const out = fuseScores([c('a', 10, 0.2), c('b', 0, 0.8), c('c', 5, 0.5)], noPriors);
    // z(fulltext) = (10, 0, 5) → (1.22, -1.22, 0); z(vector) = (0.2, 0.8, 0.5) → (-1.22, 1.22, 0)
    expect(out.map((h) => h.id)).toEqual(['a', 'c', 'b']);
    expect(out[0]!.relevance).toBeCloseTo(0.6 * 1.2247 - 0.4 * 1.2247, 3);
    expect(out[1]!.relevance).toBeCloseTo(0, 12);
    expect(out[2]).toMatchObject({ id: 'b', matched: ['vector'] });
    expect(out[0]).toMatchObject({ matched: ['fulltext', 'vector'], ranks: { fulltext: 1, vector: 3 } });
  });

  it('keeps the margin a rank would lose: one outstanding score beats two middling ones', () => {
    const hits = [c('outlier', 100, 0.3), c('x', 2, 0.5), c('y', 1, 0.45), c('z', 1, 0.3)];
    expect(fuseScores(hits, noPriors)[0]!.id).toBe('outlier');
  });

  it('follows the weights, and lets the remaining arm decide alone when one has no scores', () => {
    const hits = [c('words', 9, 0.1), c('meaning', 1, 0.9)];
    expect(fuseScores(hits, { ...noPriors, weights: { vector: 0.9, fulltext: 0.1 } })[0]!.id).toBe('meaning');
    expect(fuseScores(hits, noPriors)[0]!.id).toBe('words');
    const onlyText = [c('a', 1, undefined), c('b', 3, undefined)];
    expect(fuseScores(onlyText, noPriors).map((h) => h.id)).toEqual(['b', 'a']);
  });

  it('treats a missing score as the lowest of its arm', () => {
    const out = fuseScores([c('a', 5, 0.9), c('b', 5, undefined), c('c', 5, 0.1)], noPriors);
    expect(out[0]!.id).toBe('a');
    expect(out.find((h) => h.id === 'b')!.relevance).toBeCloseTo(
      out.find((h) => h.id === 'c')!.relevance,
      12,
    );
  });

  it('is stable on ties (id order) and on a single candidate', () => {
    expect(fuseScores([c('b', 1, 0.5), c('a', 1, 0.5)], noPriors).map((h) => h.id)).toEqual(['a', 'b']);
    expect(fuseScores([c('only', 3, 0.3)], noPriors)).toMatchObject([{ id: 'only', relevance: 0 }]);
    expect(fuseScores([], noPriors)).toEqual([]);
  });

  it('lets priors reorder near-ties only: at most +0.2 standard deviations', () => {
    const fresh = { createdAt: new Date(NOW), importance: 'high' as const };
    const old = { createdAt: new Date(NOW - 3650 * DAY), importance: 'low' as const };
    const tie = fuseScores([c('old', 5, 0.5, old), c('fresh', 5, 0.5, fresh)], { now: NOW });
    expect(tie[0]!.id).toBe('fresh');
    expect(tie[0]!.score - tie[0]!.relevance).toBeCloseTo(0.2, 12);
    const gap = fuseScores(
      [c('relevant', 10, 0.8, old), c('fresh', 6, 0.6, fresh), c('f1', 1, 0.1, old), c('f2', 1, 0.1, old)],
      { now: NOW },
    );
    expect(gap[0]!.id).toBe('relevant');
  });

  it('cuts to limit and refuses negative weights', () => {
    expect(
      fuseScores([c('a', 1, 0.1), c('b', 2, 0.2), c('c', 3, 0.3)], { ...noPriors, limit: 2 }),
    ).toHaveLength(2);
    expect(() => fuseScores([], { weights: { vector: -1 } })).toThrow(RangeError);
  });
});

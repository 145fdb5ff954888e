// Real: pure code (rank fusion). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { fuseRankings, maxPriorBoost, type RankedHit } from './fusion.js';

const NOW = new Date('2026-11-23T12:00:00Z').getTime();
const DAY = 86_400_000;
const ids = (xs: string[]): RankedHit[] => xs.map((id) => ({ id }));
const noPriors = { recency: false, importance: false } as const;

describe('fuseRankings: reciprocal rank fusion', () => {
  it('sums weight / (k + rank) over the arms that found an item, and says which did', () => {
    const out = fuseRankings({ fulltext: ids(['a', 'b']), vector: ids(['b', 'c']) }, noPriors);
    expect(out.map((h) => h.id)).toEqual(['b', 'a', 'c']);
    const b = out[0]!;
    expect(b.relevance).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(b.score).toBe(b.relevance);
    expect(b.matched).toEqual(['fulltext', 'vector']);
    expect(b.ranks).toEqual({ fulltext: 2, vector: 1 });
    expect(out[1]).toMatchObject({ id: 'a', matched: ['fulltext'], ranks: { fulltext: 1 } });
    expect(out[2]).toMatchObject({ id: 'c', matched: ['vector'], ranks: { vector: 2 } });
  });

  it('lists matched arms in a fixed order whichever arm found the item first', () => {
    const [hit] = fuseRankings({ vector: ids(['x']), fulltext: ids(['x']) }, noPriors);
    expect(hit!.matched).toEqual(['fulltext', 'vector']);
  });

  it('uses k: a small k separates the top ranks more', () => {
    const [first, second] = fuseRankings({ fulltext: ids(['a', 'b']) }, { ...noPriors, k: 1 });
    expect(first!.relevance).toBeCloseTo(1 / 2, 12);
    expect(second!.relevance).toBeCloseTo(1 / 3, 12);
  });

  it('applies per-arm weights, and a weight of 0 silences an arm but still reports its match', () => {
    const lists = { fulltext: ids(['a', 'b']), vector: ids(['b', 'a']) };
    expect(fuseRankings(lists, { ...noPriors, weights: { vector: 2 } }).map((h) => h.id)).toEqual(['b', 'a']);
    expect(fuseRankings(lists, { ...noPriors, weights: { fulltext: 2 } }).map((h) => h.id)).toEqual([
      'a',
      'b',
    ]);
    const silenced = fuseRankings(lists, { ...noPriors, weights: { vector: 0 } });
    expect(silenced.map((h) => h.id)).toEqual(['a', 'b']);
    expect(silenced[0]!.matched).toEqual(['fulltext', 'vector']);
    expect(silenced[0]!.relevance).toBeCloseTo(1 / 61, 12);
  });

  it('handles one arm empty or missing, and both empty', () => {
    expect(fuseRankings({ fulltext: ids(['a']), vector: [] }, noPriors).map((h) => h.id)).toEqual(['a']);
    expect(fuseRankings({ vector: ids(['v']) }, noPriors)[0]!.matched).toEqual(['vector']);
    expect(fuseRankings({ fulltext: [], vector: [] })).toEqual([]);
    expect(fuseRankings({})).toEqual([]);
  });

  it('counts an id listed twice by one arm once, at its best rank, without pushing others down', () => {
    const out = fuseRankings({ fulltext: ids(['a', 'b', 'a', 'c']) }, noPriors);
    expect(out.map((h) => [h.id, h.ranks.fulltext])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(out[0]!.relevance).toBeCloseTo(1 / 61, 12);
  });

  it('breaks equal scores by relevance, then best rank, then id, so the order is stable', () => {
    // Equal score, different relevance: the priors lifted 'a' to where 'b' stands on relevance alone
    // (0.5 × 1.2 and 1.2 / 2 are the same double). Relevance wins.
    const byRelevance = fuseRankings(
      { fulltext: [{ id: 'a', importance: 'high' }], vector: [{ id: 'b' }] },
      { k: 1, recency: false, importance: { weight: 0.2 }, weights: { vector: 1.2 } },
    );
    expect(byRelevance.map((h) => [h.id, h.score])).toEqual([
      ['b', 0.6],
      ['a', 0.6],
    ]);
    // Equal relevance (1/2 = 2/4): the better single rank wins over the earlier id.
    const byRank = fuseRankings(
      { fulltext: ids(['z']), vector: ids(['m', 'n', 'a']) },
      { ...noPriors, k: 1, weights: { vector: 2 } },
    );
    expect(byRank.map((h) => h.id)).toEqual(['m', 'n', 'z', 'a']);
    // Everything equal: id order, whatever order the arms were given in.
    const byId = fuseRankings({ fulltext: ids(['d', 'b']), vector: ids(['c', 'a']) }, noPriors);
    expect(byId.map((h) => h.id)).toEqual(['c', 'd', 'a', 'b']);
    const again = fuseRankings({ vector: ids(['c', 'a']), fulltext: ids(['d', 'b']) }, noPriors);
    expect(again.map((h) => h.id)).toEqual(['c', 'd', 'a', 'b']);
  });

  it('cuts to limit', () => {
    expect(fuseRankings({ fulltext: ids(['a', 'b', 'c']) }, { limit: 2 }).map((h) => h.id)).toEqual([
      'a',
      'b',
    ]);
    expect(fuseRankings({ fulltext: ids(['a']) }, { limit: 0 })).toEqual([]);
  });

  it('refuses nonsense options', () => {
    expect(() => fuseRankings({}, { k: 0 })).toThrow(RangeError);
    expect(() => fuseRankings({}, { k: Number.NaN })).toThrow(RangeError);
    expect(() => fuseRankings({}, { weights: { vector: -1 } })).toThrow(RangeError);
    expect(() => fuseRankings({}, { recency: { halfLifeDays: 0, weight: 0.1 } })).toThrow(RangeError);
    expect(() => fuseRankings({}, { importance: { weight: Number.POSITIVE_INFINITY } })).toThrow(RangeError);
  });
});

describe('fuseRankings: recency and importance priors', () => {
  const hit = (id: string, ageDays: number, importance?: RankedHit['importance']): RankedHit => ({
    id,
    createdAt: new Date(NOW - ageDays * DAY).toISOString(),
    importance: importance ?? null,
  });

  it('reorders equal relevance: the fresher item first, then the more important one', () => {
    const fresh = fuseRankings({ fulltext: [hit('old', 400)], vector: [hit('new', 1)] }, { now: NOW });
    expect(fresh.map((h) => h.id)).toEqual(['new', 'old']);
    const important = fuseRankings(
      { fulltext: [hit('low', 10, 'low')], vector: [hit('high', 10, 'high')] },
      { now: NOW },
    );
    expect(important.map((h) => h.id)).toEqual(['high', 'low']);
    const medium = fuseRankings(
      { fulltext: [hit('low', 10, 'low')], vector: [hit('medium', 10, 'medium')] },
      { now: NOW },
    );
    expect(medium[0]!.id).toBe('medium');
  });

  it('halves the recency boost every half-life, and gives none without a date', () => {
    const opts = { now: NOW, importance: false, recency: { halfLifeDays: 30, weight: 0.2 } } as const;
    const score = (h: RankedHit) => fuseRankings({ fulltext: [h] }, opts)[0]!.score;
    const base = 1 / 61;
    expect(score(hit('now', 0))).toBeCloseTo(base * 1.2, 12);
    expect(score(hit('month', 30))).toBeCloseTo(base * 1.1, 12);
    expect(score(hit('future', -5))).toBeCloseTo(base * 1.2, 12); // clock skew is not a bonus
    expect(score({ id: 'undated' })).toBeCloseTo(base, 12);
    expect(score({ id: 'garbage', createdAt: 'not a date' })).toBeCloseTo(base, 12);
    expect(score({ id: 'epoch-ms', createdAt: NOW })).toBeCloseTo(base * 1.2, 12);
  });

  it('never lets priors overturn a clear relevance gap', () => {
    // A strong match in both arms (old, low importance) against a brand-new, high-importance
    // item that one arm found at rank 10.
    const strong = hit('strong', 3650, 'low');
    const filler = Array.from({ length: 8 }, (_, i) => hit(`f${i}`, 3650, 'low'));
    const out = fuseRankings(
      { fulltext: [strong, ...filler, hit('fresh', 0, 'high')], vector: [strong] },
      { now: NOW },
    );
    const [first] = out;
    const fresh = out.find((h) => h.id === 'fresh')!;
    expect(first!.id).toBe('strong');
    expect(fresh.score).toBeGreaterThan(fresh.relevance * 1.19); // the priors did apply in full
    expect(first!.score).toBeGreaterThan(fresh.score);
  });

  it('holds the bound in general: relevance more than maxPriorBoost× above always ranks first', () => {
    const opts = { now: NOW, recency: { halfLifeDays: 7, weight: 0.3 }, importance: { weight: 0.2 } };
    expect(maxPriorBoost(opts)).toBeCloseTo(1.5, 12);
    expect(maxPriorBoost({})).toBeCloseTo(1.2, 12);
    expect(maxPriorBoost({ recency: false, importance: false })).toBe(1);
    // Sweep ranks: whenever the bare relevance gap exceeds the bound, the order follows relevance.
    for (let r = 1; r <= 30; r++) {
      const favoured = hit('favoured', 0, 'high');
      const plain = hit('plain', 10_000, 'low');
      const filler = Array.from({ length: r - 1 }, (_, i) => hit(`f${i}`, 10_000, 'low'));
      const out = fuseRankings({ fulltext: [plain], vector: [...filler, favoured] }, { ...opts, k: 5 });
      const p = out.find((h) => h.id === 'plain')!;
      const f = out.find((h) => h.id === 'favoured')!;
      if (p.relevance > f.relevance * maxPriorBoost(opts)) expect(p.score).toBeGreaterThan(f.score);
      expect(f.score).toBeLessThanOrEqual(f.relevance * maxPriorBoost(opts) + 1e-15);
    }
  });

  it('keeps metadata from whichever arm supplied it', () => {
    const out = fuseRankings(
      { fulltext: [{ id: 'x' }], vector: [{ id: 'x', createdAt: new Date(NOW), importance: 'high' }] },
      { now: NOW },
    );
    expect(out[0]!.score).toBeCloseTo((2 / 61) * 1.2, 12);
  });
});

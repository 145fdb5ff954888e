// Real: the adapter fit on a small synthetic problem. Faked: the vectors (no model): the point is
// the optimiser, not USE-lite.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIT, type Example, fitDiagonal, recall, scaled, type Store } from './fit-diagonal.js';

const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

/**
 * 8 dimensions: the first 4 carry the topic a question and its answer share, the last 4 a "style"
 * that questions share with each other and with the distractors but not with the answers — the
 * way USE-lite puts questions near other question-like text. Unscaled, the distractors win.
 */
function problem(seed: number): { stores: Store[]; examples: Example[] } {
  let s = seed;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const stores: Store[] = [];
  const examples: Example[] = [];
  for (let store = 0; store < 4; store++) {
    const rows: number[][] = [];
    for (let k = 0; k < 10; k++) {
      const topic = [rnd(), rnd(), rnd(), rnd()];
      rows.push(unit([...topic, 0.1 * rnd(), 0.1 * rnd(), 0.1 * rnd(), 0.1 * rnd()]));
      rows.push(unit([rnd(), rnd(), rnd(), rnd(), 1.5, 1.5, 1.5, 1.5]));
      examples.push({
        query: Float32Array.from(unit([...topic, 1.5, 1.5, 1.5, 1.5])),
        store,
        answers: [2 * k],
      });
    }
    stores.push({ vectors: Float32Array.from(rows.flat()), count: rows.length });
  }
  return { stores, examples };
}

describe('query adapter fit (one weight per dimension)', () => {
  it('learns to down-weight what questions share with distractors, and generalises to unseen stores', () => {
    const train = problem(7);
    const test = problem(99);
    const { scale } = fitDiagonal(train.stores, train.examples, { ...DEFAULT_FIT, epochs: 60 });
    const before = recall(test.stores, test.examples, null);
    const after = recall(test.stores, test.examples, scale);
    expect(before.r1).toBeLessThan(0.6);
    expect(after.r1).toBeGreaterThan(before.r1 + 0.25);
    expect(after.mrr).toBeGreaterThan(before.mrr);
    // The style dimensions lose weight against the topic dimensions.
    const mean = (xs: Float32Array) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(scale.slice(4))).toBeLessThan(mean(scale.slice(0, 4)));
  });

  it('is deterministic for a seed, and scaling keeps a query unit length', () => {
    const { stores, examples } = problem(3);
    const a = fitDiagonal(stores, examples, { ...DEFAULT_FIT, epochs: 3 }).scale;
    const b = fitDiagonal(stores, examples, { ...DEFAULT_FIT, epochs: 3 }).scale;
    expect(Array.from(a)).toEqual(Array.from(b));
    const q = scaled(examples[0]!.query, a);
    expect(Math.hypot(...q)).toBeCloseTo(1, 5);
  });

  it('starts from "no change": zero epochs leave every weight at 1', () => {
    const { stores, examples } = problem(5);
    const { scale } = fitDiagonal(stores, examples, { ...DEFAULT_FIT, epochs: 0 });
    expect(Array.from(scale)).toEqual(new Array(8).fill(1));
  });
});

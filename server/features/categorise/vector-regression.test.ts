// Real: pure code (softmax regression over dense vectors, product of experts). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { argmax } from './softmax-regression.js';
import { combineProbabilities, predictVectorSoftmax, trainVectorSoftmax } from './vector-regression.js';

const labels = ['north', 'east'] as const;
const unit = (x: number, y: number) => [x / Math.hypot(x, y), y / Math.hypot(x, y)];
const examples = [
  { vector: unit(0.1, 1), label: 'north' as const },
  { vector: unit(-0.2, 1), label: 'north' as const },
  { vector: unit(1, 0.1), label: 'east' as const },
  { vector: unit(1, -0.3), label: 'east' as const },
];

describe('vector softmax regression', () => {
  it('learns directions and generalises to nearby vectors', () => {
    const m = trainVectorSoftmax(examples, labels);
    expect(labels[argmax(predictVectorSoftmax(m, unit(0.3, 1)))]).toBe('north');
    expect(labels[argmax(predictVectorSoftmax(m, unit(1, 0.4)))]).toBe('east');
  });

  it('is deterministic, sums to 1, and refuses vectors of mixed lengths', () => {
    expect(trainVectorSoftmax(examples, labels)).toEqual(trainVectorSoftmax(examples, labels));
    const p = predictVectorSoftmax(trainVectorSoftmax(examples, labels), unit(1, 1));
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(() => trainVectorSoftmax([...examples, { vector: [1, 0, 0], label: 'east' }], labels)).toThrow(
      /different lengths/,
    );
  });
});

describe('combineProbabilities', () => {
  const equal = { lexical: 1, vector: 1 };
  it('is the normalised product: agreement sharpens, a confident model outweighs an unsure one', () => {
    const both = combineProbabilities([0.6, 0.4], [0.6, 0.4], equal);
    expect(both[0]).toBeGreaterThan(0.6);
    expect(both.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(argmax(combineProbabilities([0.45, 0.55], [0.9, 0.1], equal))).toBe(0);
  });

  it('weights each expert as an exponent: the heavier one wins a disagreement', () => {
    const lexical = [0.7, 0.3];
    const vector = [0.4, 0.6];
    expect(argmax(combineProbabilities(lexical, vector, equal))).toBe(0);
    expect(argmax(combineProbabilities(lexical, vector, { lexical: 0.5, vector: 1.5 }))).toBe(1);
    // p^1 · q^1 normalised: the weights are exponents, not mixing proportions.
    const p = combineProbabilities(lexical, vector, equal);
    expect(p[0]).toBeCloseTo(0.28 / (0.28 + 0.18), 9);
    const w = combineProbabilities(lexical, vector, { lexical: 2, vector: 1 });
    expect(w[0]).toBeCloseTo((0.49 * 0.4) / (0.49 * 0.4 + 0.09 * 0.6), 9);
  });
});

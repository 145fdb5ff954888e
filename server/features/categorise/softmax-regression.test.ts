// Real: pure code (softmax regression). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { argmax, predictSoftmax, trainSoftmax } from './softmax-regression.js';

const labels = ['fruit', 'tool'] as const;
const examples = [
  { features: ['apple', 'sweet'], label: 'fruit' as const },
  { features: ['pear', 'sweet'], label: 'fruit' as const },
  { features: ['hammer', 'steel'], label: 'tool' as const },
  { features: ['saw', 'steel'], label: 'tool' as const },
];

describe('softmax regression', () => {
  it('learns a separable problem and generalises through shared features', () => {
    const m = trainSoftmax(examples, labels);
    expect(labels[argmax(predictSoftmax(m, ['sweet', 'plum']))]).toBe('fruit');
    expect(labels[argmax(predictSoftmax(m, ['steel', 'drill']))]).toBe('tool');
  });

  it('returns probabilities that sum to 1, and the prior alone for unknown features', () => {
    const m = trainSoftmax(examples, labels);
    const p = predictSoftmax(m, ['never-seen']);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(p).toEqual(predictSoftmax(m, []));
  });

  it('is deterministic and counts a repeated feature once', () => {
    expect(trainSoftmax(examples, labels)).toEqual(trainSoftmax(examples, labels));
    const m = trainSoftmax(examples, labels);
    expect(predictSoftmax(m, ['sweet', 'sweet'])).toEqual(predictSoftmax(m, ['sweet']));
  });

  it('argmax picks the first of equal maxima', () => {
    expect(argmax([0.2, 0.5, 0.5])).toBe(1);
  });
});

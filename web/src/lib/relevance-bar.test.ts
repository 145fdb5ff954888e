import { describe, expect, it } from 'vitest';
import { relevancePercent } from './relevance-bar.js';

describe('relevancePercent', () => {
  it('maps 0–1 to a whole percentage', () => {
    expect(relevancePercent(0)).toBe(0);
    expect(relevancePercent(0.374)).toBe(37);
    expect(relevancePercent(1)).toBe(100);
  });

  it('never gives a negative or overflowing width', () => {
    expect(relevancePercent(-2.5)).toBe(0);
    expect(relevancePercent(3)).toBe(100);
    expect(relevancePercent(Number.NaN)).toBe(0);
    expect(relevancePercent(Number.NEGATIVE_INFINITY)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { layoutBars, niceCeiling } from './bar-chart.js';

describe('niceCeiling', () => {
  it('is at least 1', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(-3)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
  });
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(2)).toBe(2);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(230)).toBe(500);
    expect(niceCeiling(501)).toBe(1000);
  });
});

describe('layoutBars', () => {
  it('spreads bars evenly and scales them to the nice maximum', () => {
    const { bars, max } = layoutBars([0, 5, 10], 30, 100, 2);
    expect(max).toBe(10);
    expect(bars.map((b) => b.x)).toEqual([1, 11, 21]);
    expect(bars.map((b) => b.width)).toEqual([8, 8, 8]);
    expect(bars.map((b) => b.height)).toEqual([0, 50, 100]);
    expect(bars.map((b) => b.y)).toEqual([100, 50, 0]);
  });
  it('keeps a small non-zero value visible', () => {
    const { bars } = layoutBars([1, 1000], 20, 50, 0);
    expect(bars[0]!.height).toBe(1);
  });
  it('handles no values and all zeros', () => {
    expect(layoutBars([], 100, 100)).toEqual({ bars: [], max: 1 });
    expect(layoutBars([0, 0], 10, 10, 0).bars.map((b) => b.height)).toEqual([0, 0]);
  });
});

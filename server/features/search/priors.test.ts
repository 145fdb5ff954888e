import { describe, expect, it } from 'vitest';
import { recencyShare } from './priors.js';

const NOW = Date.UTC(2026, 0, 1);
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000);

describe('recencyShare', () => {
  it('halves every half-life, and gives nothing without a usable date', () => {
    expect(recencyShare(daysAgo(0), NOW, 30)).toBe(1);
    expect(recencyShare(daysAgo(30), NOW, 30)).toBeCloseTo(0.5, 12);
    expect(recencyShare(daysAgo(60).toISOString(), NOW, 30)).toBeCloseTo(0.25, 12);
    expect(recencyShare(null, NOW, 30)).toBe(0);
    expect(recencyShare('not a date', NOW, 30)).toBe(0);
  });

  it('treats a date in the future (clock skew) as now, not as a bonus', () => {
    expect(recencyShare(daysAgo(-5), NOW, 30)).toBe(1);
  });
});

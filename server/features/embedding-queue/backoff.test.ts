// Pure function: no database, nothing faked but the random source.
import { describe, expect, it } from 'vitest';
import { BACKOFF, backoffSeconds } from './backoff.js';

const middle = () => 0.5; // no jitter

describe('backoffSeconds', () => {
  it('doubles from 2 s for retryable failures and stops at 5 minutes', () => {
    expect([0, 1, 2, 3, 4].map((a) => backoffSeconds(a, true, middle))).toEqual([2, 4, 8, 16, 32]);
    expect(backoffSeconds(8, true, middle)).toBe(300);
    expect(backoffSeconds(1000, true, middle)).toBe(300);
  });

  it('waits far longer for non-retryable failures, up to 6 hours', () => {
    expect(backoffSeconds(0, false, middle)).toBe(300);
    expect(backoffSeconds(1, false, middle)).toBe(600);
    expect(backoffSeconds(50, false, middle)).toBe(6 * 3600);
  });

  it('spreads retries by at most ±20 %', () => {
    expect(backoffSeconds(3, true, () => 0)).toBeCloseTo(16 * (1 - BACKOFF.jitter));
    expect(backoffSeconds(3, true, () => 0.999999)).toBeCloseTo(16 * (1 + BACKOFF.jitter), 3);
  });
});

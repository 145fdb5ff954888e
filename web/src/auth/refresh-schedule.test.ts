import { describe, expect, it } from 'vitest';
import { MAX_RETRIES, retryDelay, shouldRefresh, TICK_MS, ticksLeft } from './refresh-schedule.js';

describe('refresh schedule', () => {
  const now = 1_000_000;

  it('counts whole 30-second ticks left before expiry', () => {
    expect(ticksLeft(now + 15 * 60_000, now)).toBe(30);
    expect(ticksLeft(now + 4 * TICK_MS - 1, now)).toBe(3);
    expect(ticksLeft(now - 1, now)).toBe(-1);
  });

  it('refreshes once three or fewer ticks remain, not before', () => {
    expect(shouldRefresh(now + 4 * TICK_MS, now)).toBe(false);
    expect(shouldRefresh(now + 4 * TICK_MS - 1, now)).toBe(true);
    expect(shouldRefresh(now + 3 * TICK_MS, now)).toBe(true);
    expect(shouldRefresh(now - 5_000, now)).toBe(true);
  });

  it('backs off from 200 ms, doubling', () => {
    expect(Array.from({ length: MAX_RETRIES }, (_, i) => retryDelay(i))).toEqual([200, 400, 800, 1600, 3200]);
  });
});

/**
 * When to renew the access token: a tick every 30 seconds, refreshing once 3 or
 * fewer ticks remain before expiry; a failed refresh is retried with a backoff that starts at
 * 200 ms and doubles. Pure, so the rules have their own unit tests.
 */
export const TICK_MS = 30_000;
export const REFRESH_WHEN_TICKS_LEFT = 3;
export const RETRY_BASE_MS = 200;
export const MAX_RETRIES = 5;

export function ticksLeft(expiresAtMs: number, nowMs: number): number {
  return Math.floor((expiresAtMs - nowMs) / TICK_MS);
}

export function shouldRefresh(expiresAtMs: number, nowMs: number): boolean {
  return ticksLeft(expiresAtMs, nowMs) <= REFRESH_WHEN_TICKS_LEFT;
}

/** Delay before retry number `attempt` (0-based): 200, 400, 800, … ms. */
export function retryDelay(attempt: number): number {
  return RETRY_BASE_MS * 2 ** attempt;
}

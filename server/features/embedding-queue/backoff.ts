/**
 * How long a failed embedding job waits before its next attempt. Retryable failures (timeouts,
 * a crashed worker, HTTP 429/5xx) back off exponentially from 2 s to 5 minutes; non-retryable
 * ones (a rejected API key, an unknown model) mean a person has to fix the configuration, so they
 * start at 5 minutes and settle at 6 hours. Nothing ever gives up: the job stays until it works.
 * ±20 % jitter keeps a batch that failed together from retrying in lockstep.
 */
export const BACKOFF = {
  retryable: { firstSeconds: 2, maxSeconds: 300 },
  permanent: { firstSeconds: 300, maxSeconds: 6 * 3600 },
  jitter: 0.2,
} as const;

/** `attempts`: failures so far, before this one (0 for the first failure). */
export function backoffSeconds(
  attempts: number,
  retryable: boolean,
  random: () => number = Math.random,
): number {
  const { firstSeconds, maxSeconds } = retryable ? BACKOFF.retryable : BACKOFF.permanent;
  const base = Math.min(maxSeconds, firstSeconds * 2 ** Math.max(0, Math.min(attempts, 30)));
  const jitter = 1 + BACKOFF.jitter * (2 * random() - 1);
  return Math.round(base * jitter * 1000) / 1000;
}

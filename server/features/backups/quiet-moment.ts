import type { DbStats } from '../../db/db.js';

export type QuietOptions = {
  /** How long one look at the database lasts. */
  windowMs: number;
  /** The share of a window the database may spend on statements and still count as quiet. */
  busyShare: number;
  /** After this long the backup runs however busy the database is: a skipped backup is worse. */
  maxWaitMs: number;
  /** Checked between windows; true ends the wait at once (the server is stopping). */
  stopped: () => boolean;
};

export type QuietOutcome = { quiet: boolean; waitedMs: number; stopped: boolean };

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    // unref: a pending look must not keep a stopping process alive.
    setTimeout(resolve, ms).unref();
  });

/**
 * Waits for a quiet moment of the embedded database before a scheduled backup (ADR 0031): the
 * dump holds PGlite's only connection for about a second per 40 MB, so taken under load every
 * request behind it waits that long (the soak bench's first minute: p99 2.2 s and 84 requests
 * shed). Quiet means one window in which the database thread was busy for at most `busyShare` of
 * the time and nothing queued for it at the end. `stats` is the database layer's own counter
 * (`Db.stats`, the same one metrics read); without it there is nothing to wait for.
 */
export async function waitForQuietDatabase(
  stats: (() => DbStats) | undefined,
  opts: QuietOptions,
): Promise<QuietOutcome> {
  const started = Date.now();
  const outcome = (quiet: boolean, stopped = false): QuietOutcome => ({
    quiet,
    waitedMs: Date.now() - started,
    stopped,
  });
  if (!stats) return outcome(true);
  for (;;) {
    const before = stats().busyMs;
    const windowStart = Date.now();
    await sleep(opts.windowMs);
    if (opts.stopped()) return outcome(false, true);
    const now = stats();
    const share = (now.busyMs - before) / Math.max(1, Date.now() - windowStart);
    if (share <= opts.busyShare && now.waiting === 0) return outcome(true);
    if (Date.now() - started >= opts.maxWaitMs) return outcome(false);
  }
}

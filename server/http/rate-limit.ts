import type { Db } from '../db/db.js';
import { AppError } from './errors.js';

export type RateLimitRule = { limit: number; windowSeconds: number };

/**
 * Fixed-window counters kept in the database, so every instance of the server shares them.
 * `take` counts one attempt and refuses it (429 + Retry-After) past `limit`, in one statement, so
 * a burst of parallel attempts cannot all pass a check before any is counted; a caller whose
 * attempt turned out fine gives it back with `refund`. `check` + `hit` are the older two-step
 * form, for counting only what happened (document fetches, registrations of clients). Old
 * windows are erased by the maintenance schedule (deleteExpired).
 */
export function createRateLimiter(db: Db) {
  const windowStart = (rule: RateLimitRule, now: number) =>
    new Date(Math.floor(now / (rule.windowSeconds * 1000)) * rule.windowSeconds * 1000);

  const refuse = (start: Date, rule: RateLimitRule, now: number) => {
    const retryAfter = Math.max(1, Math.ceil((start.getTime() + rule.windowSeconds * 1000 - now) / 1000));
    return new AppError(429, 'rate_limited', 'Too many attempts. Try again later.', undefined, {
      'retry-after': String(retryAfter),
    });
  };

  return {
    /** Counts one attempt atomically; throws 429 when it is over the limit (it stays counted). */
    async take(key: string, rule: RateLimitRule, now = Date.now()): Promise<{ refund(): Promise<void> }> {
      const start = windowStart(rule, now);
      const rows = await db.asSystem((tx) =>
        tx.query<{ hits: number }>(
          `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 1)
           ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
           RETURNING hits`,
          [key, start],
        ),
      );
      if ((rows[0]?.hits ?? 0) > rule.limit) throw refuse(start, rule, now);
      return {
        refund: async () => {
          await db.asSystem((tx) =>
            tx.query(
              'UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = $1 AND window_start = $2',
              [key, start],
            ),
          );
        },
      };
    },
    async check(key: string, rule: RateLimitRule, now = Date.now()): Promise<void> {
      const start = windowStart(rule, now);
      const rows = await db.asSystem((tx) =>
        tx.query<{ hits: number }>('SELECT hits FROM rate_limit_hits WHERE key = $1 AND window_start = $2', [
          key,
          start,
        ]),
      );
      if ((rows[0]?.hits ?? 0) >= rule.limit) throw refuse(start, rule, now);
    },
    async hit(key: string, rule: RateLimitRule, now = Date.now()): Promise<void> {
      const start = windowStart(rule, now);
      await db.asSystem(async (tx) => {
        await tx.query(
          `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 1)
           ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1`,
          [key, start],
        );
      });
    },
    /**
     * Retention, run by the maintenance schedule: windows that started over a day before `now`
     * (longer than any rule's window) count for nothing any more.
     */
    async deleteExpired(now: Date): Promise<number> {
      const rows = await db.asSystem((tx) =>
        tx.query(
          "DELETE FROM rate_limit_hits WHERE window_start < $1::timestamptz - interval '1 day' RETURNING key",
          [now],
        ),
      );
      return rows.length;
    },
    async reset(key: string): Promise<void> {
      await db.asSystem((tx) => tx.query('DELETE FROM rate_limit_hits WHERE key = $1', [key]));
    },
    /** Every counter whose key starts with `prefix` (compared as text: no LIKE wildcards). */
    async resetPrefix(prefix: string): Promise<void> {
      await db.asSystem((tx) =>
        tx.query('DELETE FROM rate_limit_hits WHERE left(key, length($1)) = $1', [prefix]),
      );
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

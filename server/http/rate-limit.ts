import type { Db } from '../db/db.js';
import { AppError } from './errors.js';

export type RateLimitRule = { limit: number; windowSeconds: number };

/**
 * Fixed-window counters kept in the database, so every instance of the server shares them.
 * `check` refuses (429 + Retry-After) once a key has `limit` hits in the current window; `hit`
 * counts one. Callers decide what counts (for login: failed attempts only). Old windows are
 * erased by the maintenance schedule (deleteExpired).
 */
export function createRateLimiter(db: Db) {
  const windowStart = (rule: RateLimitRule, now: number) =>
    new Date(Math.floor(now / (rule.windowSeconds * 1000)) * rule.windowSeconds * 1000);

  return {
    async check(key: string, rule: RateLimitRule, now = Date.now()): Promise<void> {
      const start = windowStart(rule, now);
      const rows = await db.asSystem((tx) =>
        tx.query<{ hits: number }>('SELECT hits FROM rate_limit_hits WHERE key = $1 AND window_start = $2', [
          key,
          start,
        ]),
      );
      if ((rows[0]?.hits ?? 0) >= rule.limit) {
        const retryAfter = Math.max(1, Math.ceil((start.getTime() + rule.windowSeconds * 1000 - now) / 1000));
        throw new AppError(429, 'rate_limited', 'Too many attempts. Try again later.', undefined, {
          'retry-after': String(retryAfter),
        });
      }
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
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

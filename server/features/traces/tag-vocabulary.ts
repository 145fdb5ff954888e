import type { Tx } from '../../db/db.js';
import { createLru } from '../../lib/lru.js';
import { tracesRepo } from './traces.repo.js';

/** How long a user's vocabulary is reused before it is read again. */
const FRESH_MS = 30_000;

/**
 * The user's tags, most used first, that the categoriser reuses for a new trace (ADR 0007). Read
 * from the database at most every 30 seconds per user (reading it cost a create ~3–6 ms on a 10k
 * store, ADR 0025) and forgotten when this process writes a trace for them. A tag written elsewhere
 * (another instance, an import, a bulk edit) is suggested at most 30 seconds late: a suggestion,
 * never a rule.
 */
export function createTagVocabulary(now: () => number = Date.now) {
  const known = createLru<string, { tags: string[]; at: number }>(256);
  return {
    async of(tx: Tx, userId: string): Promise<string[]> {
      const hit = known.get(userId);
      if (hit && now() - hit.at < FRESH_MS) return hit.tags;
      const tags = await tracesRepo.recentTags(tx, userId);
      known.set(userId, { tags, at: now() });
      return tags;
    },
    changed(userId: string): void {
      known.delete(userId);
    },
  };
}

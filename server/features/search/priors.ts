import type { Importance } from '../../../contract/traces.js';

/**
 * The gentle priors hybrid search adds to a relevance (docs/decisions/0008-hybrid-search.md):
 * newer and more important traces win near-ties, never a clear gap.
 */
export const DEFAULT_RECENCY = { halfLifeDays: 180, weight: 0.1 } as const;
export const DEFAULT_IMPORTANCE = { weight: 0.1 } as const;
/** High gets the whole importance weight, medium half, low none. */
export const IMPORTANCE_SHARE: Record<Importance, number> = { high: 1, medium: 0.5, low: 0 };
const DAY_MS = 86_400_000;

/** 1 for an item created now (or in the future: clock skew), ½ one half-life ago, → 0 after. */
export function recencyShare(
  createdAt: Date | string | number | null | undefined,
  now: number,
  halfLifeDays: number,
): number {
  if (createdAt === undefined || createdAt === null) return 0;
  const t = createdAt instanceof Date ? createdAt.getTime() : new Date(createdAt).getTime();
  if (Number.isNaN(t)) return 0;
  const ageDays = Math.max(0, now - t) / DAY_MS;
  return 0.5 ** (ageDays / halfLifeDays);
}

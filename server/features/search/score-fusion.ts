import type { Importance } from '../../../contract/traces.js';
import { DEFAULT_IMPORTANCE, DEFAULT_RECENCY, IMPORTANCE_SHARE, recencyShare } from './priors.js';

/**
 * Hybrid search's fusion (docs/decisions/0008-hybrid-search.md): a weighted sum of each arm's
 * score standardised over the candidates (z-scores), where every candidate carries a score from
 * every arm — the service computes the cosine of full-text hits the vector arm did not return,
 * and a trace no full-text lexeme matched scores 0 there. Unlike reciprocal rank fusion (which
 * ADR 0008 measured and set aside), it keeps how far ahead a hit is: a BM25 score far above the rest, or a cosine that
 * stands out, counts for more than one rank. On LoCoMo it found more (R@5 0.588 against 0.575 for
 * the best RRF setting; ADR 0008).
 *
 * Priors are added in standard deviations, and together never add more than
 * `recency.weight + importance.weight` (0.2 by default): they reorder near-ties, not clear gaps.
 */
export type Arm = 'fulltext' | 'vector';

export type FusedHit = {
  id: string;
  /** The fused relevance plus the priors; what the list is sorted by. */
  score: number;
  /** The fused relevance alone. */
  relevance: number;
  /** Arms whose own top list held the item, always in the order fulltext, vector. */
  matched: Arm[];
  /** 1-based rank within each arm that found it. */
  ranks: Partial<Record<Arm, number>>;
};

export type ScoredCandidate = {
  id: string;
  /** Each arm's own score (BM25, cosine similarity); missing = the lowest score of that arm. */
  scores: Partial<Record<Arm, number>>;
  /** Arms whose own top list held the candidate (reported as `matched`). */
  matched: readonly Arm[];
  createdAt?: Date | string | number | null;
  importance?: Importance | null;
};

export type ScoreFusionOptions = {
  /** Per-arm weights; an arm without any score drops out and the others share its weight. */
  weights?: Partial<Record<Arm, number>>;
  recency?: { halfLifeDays: number; weight: number } | false;
  importance?: { weight: number } | false;
  now?: Date | number;
  limit?: number;
};

export const DEFAULT_SCORE_WEIGHTS: Record<Arm, number> = { fulltext: 0.6, vector: 0.4 };
const ARMS: readonly Arm[] = ['fulltext', 'vector'];

export function fuseScores(
  candidates: readonly ScoredCandidate[],
  options: ScoreFusionOptions = {},
): FusedHit[] {
  const recency = options.recency === false ? null : (options.recency ?? DEFAULT_RECENCY);
  const importance = options.importance === false ? null : (options.importance ?? DEFAULT_IMPORTANCE);
  const now = options.now === undefined ? Date.now() : +options.now;
  for (const w of [recency?.weight, importance?.weight, ...Object.values(options.weights ?? {})]) {
    if (w !== undefined && !(w >= 0 && Number.isFinite(w))) {
      throw new RangeError(`weights must be finite and not negative, got ${w}`);
    }
  }

  const z: Partial<Record<Arm, Map<string, number>>> = {};
  const ranks = new Map<string, Partial<Record<Arm, number>>>();
  for (const arm of ARMS) {
    const present = candidates.filter((c) => Number.isFinite(c.scores[arm]));
    if (!present.length) continue;
    const floor = Math.min(...present.map((c) => c.scores[arm]!));
    const values = candidates.map((c) => (Number.isFinite(c.scores[arm]) ? c.scores[arm]! : floor));
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length) || 1;
    z[arm] = new Map(candidates.map((c, i) => [c.id, (values[i]! - mean) / sd]));
    [...candidates]
      .sort((a, b) => (b.scores[arm] ?? -Infinity) - (a.scores[arm] ?? -Infinity))
      .forEach((c, i) => {
        if (c.matched.includes(arm)) ranks.set(c.id, { ...ranks.get(c.id), [arm]: i + 1 });
      });
  }
  const arms = ARMS.filter((a) => z[a]);
  const weight = (a: Arm) => options.weights?.[a] ?? DEFAULT_SCORE_WEIGHTS[a];
  const total = arms.reduce((s, a) => s + weight(a), 0) || 1;

  const fused: FusedHit[] = candidates.map((c) => {
    const relevance = arms.reduce((s, a) => s + (weight(a) / total) * z[a]!.get(c.id)!, 0);
    let bonus = 0;
    if (recency) bonus += recency.weight * recencyShare(c.createdAt, now, recency.halfLifeDays);
    if (importance && c.importance) bonus += importance.weight * IMPORTANCE_SHARE[c.importance];
    return {
      id: c.id,
      score: relevance + bonus,
      relevance,
      matched: ARMS.filter((a) => c.matched.includes(a)),
      ranks: ranks.get(c.id) ?? {},
    };
  });
  fused.sort(
    (a, b) => b.score - a.score || b.relevance - a.relevance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return options.limit === undefined ? fused : fused.slice(0, Math.max(0, options.limit));
}

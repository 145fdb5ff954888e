import type { Importance } from '../../../contract/traces.js';

/**
 * Hybrid search: fuses the ranked lists of the full-text arm and the vector arm with reciprocal
 * rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009): relevance = Σ weight_arm / (k + rank).
 * RRF uses ranks only, so BM25-like scores and cosine similarities never need calibrating
 * against each other.
 *
 * Then two gentle priors multiply the relevance: recency (exponential decay with a long
 * half-life) and importance (high > medium > low). Their combined boost is capped at
 * `maxPriorBoost(options)` (1.2 by default), so an item whose relevance is more than that
 * factor above another's always ranks first: priors reorder near-ties, never a clear gap.
 */
export type Arm = 'fulltext' | 'vector';
const ARMS: readonly Arm[] = ['fulltext', 'vector'];

export type RankedHit = {
  id: string;
  /** For the recency prior; missing or unparseable → no recency boost. */
  createdAt?: Date | string | number | null;
  /** For the importance prior; missing → no importance boost. */
  importance?: Importance | null;
};

export type FusionOptions = {
  /** RRF's k: larger flattens the difference between top ranks. Default 60, as in the paper. */
  k?: number;
  /** Per-arm weights, default 1 each. 0 silences an arm (its matches are still reported). */
  weights?: Partial<Record<Arm, number>>;
  /** Reference time for recency; default now. */
  now?: Date | number;
  /** Default { halfLifeDays: 180, weight: 0.1 }; false turns the prior off. */
  recency?: { halfLifeDays: number; weight: number } | false;
  /** Default { weight: 0.1 }: high gets all of it, medium half, low none; false turns it off. */
  importance?: { weight: number } | false;
  /** Return at most this many. */
  limit?: number;
};

export type FusedHit = {
  id: string;
  /** relevance × prior multiplier; what the list is sorted by. */
  score: number;
  /** The RRF sum alone. */
  relevance: number;
  /** Arms that found the item, always in the order fulltext, vector. */
  matched: Arm[];
  /** 1-based rank within each arm that found it. */
  ranks: Partial<Record<Arm, number>>;
};

export const DEFAULT_RECENCY = { halfLifeDays: 180, weight: 0.1 } as const;
export const DEFAULT_IMPORTANCE = { weight: 0.1 } as const;
export const IMPORTANCE_SHARE: Record<Importance, number> = { high: 1, medium: 0.5, low: 0 };
const DAY_MS = 86_400_000;

/** The largest factor the priors can multiply a relevance by. */
export function maxPriorBoost(options: FusionOptions = {}): number {
  const r = options.recency === false ? 0 : (options.recency ?? DEFAULT_RECENCY).weight;
  const i = options.importance === false ? 0 : (options.importance ?? DEFAULT_IMPORTANCE).weight;
  return 1 + r + i;
}

export function fuseRankings(
  lists: Partial<Record<Arm, readonly RankedHit[]>>,
  options: FusionOptions = {},
): FusedHit[] {
  const k = options.k ?? 60;
  if (!(k > 0) || !Number.isFinite(k)) throw new RangeError(`k must be a positive number, got ${k}`);
  const recency = options.recency === false ? null : (options.recency ?? DEFAULT_RECENCY);
  const importance = options.importance === false ? null : (options.importance ?? DEFAULT_IMPORTANCE);
  if (recency && !(recency.halfLifeDays > 0)) throw new RangeError('recency.halfLifeDays must be positive');
  for (const w of [recency?.weight, importance?.weight, ...Object.values(options.weights ?? {})]) {
    if (w !== undefined && !(w >= 0 && Number.isFinite(w))) {
      throw new RangeError(`weights must be finite and not negative, got ${w}`);
    }
  }
  const now = options.now === undefined ? Date.now() : +options.now;

  const byId = new Map<string, FusedHit & { meta: RankedHit }>();
  for (const arm of ARMS) {
    const weight = options.weights?.[arm] ?? 1;
    let rank = 0;
    for (const hit of lists[arm] ?? []) {
      const entry = byId.get(hit.id) ?? {
        id: hit.id,
        score: 0,
        relevance: 0,
        matched: [],
        ranks: {},
        meta: hit,
      };
      // An id listed twice by one arm counts once, at its best rank, and takes no rank from others.
      if (entry.ranks[arm] !== undefined) continue;
      rank++;
      entry.ranks[arm] = rank;
      entry.matched.push(arm);
      entry.relevance += weight / (k + rank);
      entry.meta = { ...hit, ...definedOnly(entry.meta) };
      byId.set(hit.id, entry);
    }
  }

  const fused: FusedHit[] = [];
  for (const { meta, ...hit } of byId.values()) {
    let boost = 1;
    if (recency) boost += recency.weight * recencyShare(meta.createdAt, now, recency.halfLifeDays);
    if (importance && meta.importance) boost += importance.weight * IMPORTANCE_SHARE[meta.importance];
    fused.push({ ...hit, score: hit.relevance * boost });
  }
  fused.sort(
    (a, b) =>
      b.score - a.score ||
      b.relevance - a.relevance ||
      bestRank(a) - bestRank(b) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return options.limit === undefined ? fused : fused.slice(0, Math.max(0, options.limit));
}

/** 1 for an item created now (or in the future: clock skew), ½ one half-life ago, → 0 after. */
export function recencyShare(createdAt: RankedHit['createdAt'], now: number, halfLifeDays: number): number {
  if (createdAt === undefined || createdAt === null) return 0;
  const t = createdAt instanceof Date ? createdAt.getTime() : new Date(createdAt).getTime();
  if (Number.isNaN(t)) return 0;
  const ageDays = Math.max(0, now - t) / DAY_MS;
  return 0.5 ** (ageDays / halfLifeDays);
}

function bestRank(h: FusedHit): number {
  return Math.min(...Object.values(h.ranks));
}

/** Metadata already known wins over a later arm's missing fields. */
function definedOnly(hit: RankedHit): Partial<RankedHit> {
  return Object.fromEntries(Object.entries(hit).filter(([, v]) => v !== undefined && v !== null));
}

import type { Category, Importance } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import { HNSW_EF_SEARCH } from '../../db/session-settings.js';
import { vectorLiteral } from '../../db/sql.js';
import type { QueryTerms } from './relevance-ranking.js';

/** One arm's answer: trace ids, best first, with the arm's own score (not comparable across arms). */
export type ArmHit = { id: string; score: number };
export type SearchFilters = {
  category: Category | null;
  tags: readonly string[] | null;
  importance: Importance | null;
};
export type Bm25Params = { k1: number; b: number; titleWeight: number; candidateBudget: number };

/** The words' side of a query (QueryTerms but the feedback's df) and every lexeme of each candidate. */
export type TermStats = Omit<QueryTerms, 'df'> & { candidates: Map<string, string[]> };

export type SearchRow = {
  id: string;
  title: string | null;
  content: string;
  category: Category;
  importance: Importance;
  tags: string[];
  created_at: Date;
  updated_at: Date;
};

/**
 * Dimensions with an HNSW index in 0005 (partial expression indexes). Others are searched by an
 * exact scan of the user's vectors.
 */
export const INDEXED_DIMENSIONS: ReadonlySet<number> = new Set([384, 512, 768, 1024, 1536]);

/** The two arms of hybrid search and the rows they point at. Every statement is the user's own. */
export const searchRepo = {
  /** BM25-style full text (cairn_fulltext_search in 0005: reads app.user_id, never another's). */
  async fulltext(
    tx: Tx,
    query: string,
    filters: SearchFilters,
    limit: number,
    p: Bm25Params,
  ): Promise<ArmHit[]> {
    const rows = await tx.query<{ id: string; score: number }>(
      'SELECT id, score FROM cairn_fulltext_search($1, $2, $3, $4::text[], $5, $6, $7, $8, $9)',
      [
        query,
        limit,
        filters.category,
        filters.tags,
        filters.importance,
        p.k1,
        p.b,
        p.titleWeight,
        p.candidateBudget,
      ],
    );
    return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
  },

  /**
   * Nearest vectors by cosine distance among the user's active traces embedded by `model`.
   * Runs as cairn_app: ordering by `<=>` is not a filter, so row-level security does not keep
   * the HNSW index out (checked with EXPLAIN in ADR 0008). With filters, pgvector's iterative
   * scan keeps walking the graph until enough rows pass them.
   */
  async vector(
    tx: Tx,
    userId: string,
    model: string,
    vector: readonly number[],
    filters: SearchFilters,
    limit: number,
    efSearch: number,
  ): Promise<ArmHit[]> {
    const dimension = vector.length;
    if (!Number.isInteger(dimension) || dimension < 1) return [];
    const indexed = INDEXED_DIMENSIONS.has(dimension);
    // The cast and the literal dimension must match the partial index's expression and predicate.
    const column = indexed ? `e.embedding::vector(${dimension})` : 'e.embedding';
    const probe = indexed ? `$1::vector(${dimension})` : '$1::vector';
    const params: (string | number | readonly string[] | null)[] = [
      vectorLiteral(vector),
      userId,
      model,
      limit,
    ];
    const where: string[] = [];
    if (filters.category) where.push(`t.category = $${params.push(filters.category)}`);
    if (filters.tags) where.push(`t.tags @> $${params.push(filters.tags)}::text[]`);
    if (filters.importance) where.push(`t.importance = $${params.push(filters.importance)}`);
    // The session already has the default (server/db/session-settings.ts): a round trip saved.
    if (indexed && efSearch !== HNSW_EF_SEARCH) {
      await tx.query(
        "SELECT set_config('hnsw.ef_search', $1, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)",
        [String(efSearch)],
      );
    }
    // Without filters no join: the planner then takes the HNSW index even for a few thousand
    // vectors, and a deleted trace's vector (kept for a restore) is dropped by the caller. With
    // filters the join runs inside the iterative scan. relaxed_order may return rows slightly
    // out of order: the few found are sorted again.
    const join = where.length
      ? `JOIN traces t ON t.id = e.trace_id AND t.user_id = $2 AND t.is_active ${where.map((w) => `AND ${w}`).join(' ')}`
      : '';
    const rows = await tx.query<{ id: string; distance: number }>(
      `SELECT id, distance FROM (
         SELECT e.trace_id AS id, ${column} <=> ${probe} AS distance
           FROM trace_embeddings e ${join}
          WHERE e.user_id = $2 AND e.model = $3 AND e.dimension = ${dimension}
          ORDER BY distance LIMIT $4) nearest
        ORDER BY distance, id`,
      params,
    );
    return rows.map((r) => ({ id: r.id, score: 1 - Number(r.distance) }));
  },

  /**
   * What the fusion needs of each candidate: active or not (only active ones come back), the
   * priors' created_at and importance, and the cosine similarity to the query of `probe.ids` (the
   * full-text hits the vector arm did not return), so every candidate has both scores (null: not
   * embedded yet, or not asked for).
   */
  async candidates(
    tx: Tx,
    userId: string,
    ids: readonly string[],
    probe: { model: string; vector: readonly number[]; ids: readonly string[] } | null,
  ): Promise<{ id: string; created_at: Date; importance: Importance; similarity: number | null }[]> {
    if (!ids.length) return [];
    if (!probe) {
      return tx.query(
        `SELECT id, created_at, importance, NULL::float8 AS similarity
           FROM traces WHERE id = ANY($1::uuid[]) AND user_id = $2 AND is_active`,
        [ids, userId],
      );
    }
    const rows = await tx.query<{
      id: string;
      created_at: Date;
      importance: Importance;
      similarity: number | null;
    }>(
      `SELECT t.id, t.created_at, t.importance, 1 - (e.embedding <=> $3::vector) AS similarity
         FROM traces t
         LEFT JOIN trace_embeddings e
           ON e.trace_id = t.id AND e.user_id = $2 AND e.model = $4 AND e.dimension = $5
          AND e.trace_id = ANY($6::uuid[])
        WHERE t.id = ANY($1::uuid[]) AND t.user_id = $2 AND t.is_active`,
      [ids, userId, vectorLiteral(probe.vector), probe.model, probe.vector.length, probe.ids],
    );
    return rows.map((r) => ({ ...r, similarity: r.similarity === null ? null : Number(r.similarity) }));
  },

  /**
   * What the relevance model needs of the words: the query's distinct lexemes (English stemming,
   * as the full-text arm) with the user's document frequency of each (0: a word no note holds),
   * the user's note count, and every lexeme of each candidate.
   */
  async termStats(tx: Tx, userId: string, query: string, ids: readonly string[]): Promise<TermStats> {
    // One round trip (each costs ~2 ms on PGlite, and this runs on every search).
    const [row] = await tx.query<{
      documents: number | null;
      lexemes: { lexeme: string; df: number }[] | null;
      candidates: { id: string; lexemes: string[] }[] | null;
    }>(
      `WITH q AS (
         SELECT q.lexeme, coalesce(t.df, 0)::float8 AS df
           FROM (SELECT DISTINCT l AS lexeme FROM unnest(tsvector_to_array(to_tsvector('english', $1))) l) q
           LEFT JOIN fulltext_terms t ON t.user_id = $2 AND t.lexeme = q.lexeme)
       SELECT (SELECT documents::float8 FROM fulltext_corpus WHERE user_id = $2) AS documents,
              (SELECT json_agg(q) FROM q) AS lexemes,
              (SELECT json_agg(json_build_object('id', f.trace_id, 'lexemes', tsvector_to_array(f.lexemes)))
                 FROM trace_fulltext f WHERE f.trace_id = ANY($3::uuid[]) AND f.user_id = $2) AS candidates`,
      [query, userId, ids],
    );
    return {
      documents: Number(row?.documents ?? 0),
      lexemes: (row?.lexemes ?? []).map((l) => ({ lexeme: l.lexeme, df: Number(l.df) })),
      candidates: new Map((row?.candidates ?? []).map((r) => [r.id, r.lexemes])),
    };
  },

  /**
   * The user's document frequency of each lexeme (absent: no note holds it). Asked for the words
   * of the feedback's few source notes only: all the candidates' words would be ~1,000 index
   * look-ups per search on the bench corpus (+6 ms), these ~100 (+1 ms).
   */
  async documentFrequencies(
    tx: Tx,
    userId: string,
    lexemes: readonly string[],
  ): Promise<Map<string, number>> {
    if (!lexemes.length) return new Map();
    const rows = await tx.query<{ lexeme: string; df: number }>(
      'SELECT lexeme, df FROM fulltext_terms WHERE user_id = $1 AND lexeme = ANY($2::text[])',
      [userId, lexemes],
    );
    return new Map(rows.map((r) => [r.lexeme, Number(r.df)]));
  },

  /**
   * Each trace's neighbours in the user's timeline: the `span` live notes written just before it
   * and the `span` just after, within `windowMinutes` of it (one sitting). Notes written at the
   * same instant are not each other's neighbours: an import without dates gives a whole file one
   * created_at, and their order there says nothing. Two index look-ups per trace
   * (traces_user_list_idx).
   */
  async neighbours(
    tx: Tx,
    userId: string,
    ids: readonly string[],
    span: number,
    windowMinutes: number,
  ): Promise<Map<string, string[]>> {
    if (!ids.length) return new Map();
    const rows = await tx.query<{ id: string; neighbour: string }>(
      `SELECT c.id::text AS id, n.id::text AS neighbour
         FROM traces c
         CROSS JOIN LATERAL (
           (SELECT p.id FROM traces p
             WHERE p.user_id = $2 AND p.is_active AND p.created_at < c.created_at
               AND p.created_at >= c.created_at - $4::float8 * interval '1 minute'
             ORDER BY p.created_at DESC, p.id DESC LIMIT $3::int)
           UNION ALL
           (SELECT f.id FROM traces f
             WHERE f.user_id = $2 AND f.is_active AND f.created_at > c.created_at
               AND f.created_at <= c.created_at + $4::float8 * interval '1 minute'
             ORDER BY f.created_at, f.id LIMIT $3::int)
         ) n
        WHERE c.id = ANY($1::uuid[]) AND c.user_id = $2 AND c.is_active`,
      [ids, userId, span, windowMinutes],
    );
    const byId = new Map<string, string[]>();
    for (const r of rows) byId.set(r.id, [...(byId.get(r.id) ?? []), r.neighbour]);
    return byId;
  },

  async rows(tx: Tx, userId: string, ids: readonly string[]): Promise<SearchRow[]> {
    if (!ids.length) return [];
    return tx.query<SearchRow>(
      `SELECT id, title, content, category, importance, tags, created_at, updated_at
         FROM traces WHERE id = ANY($1::uuid[]) AND user_id = $2 AND is_active`,
      [ids, userId],
    );
  },
};

import type { Category, Importance } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import { vectorLiteral } from '../embedding-queue/queue.repo.js';

/** One arm's answer: trace ids, best first, with the arm's own score (not comparable across arms). */
export type ArmHit = { id: string; score: number };
export type SearchFilters = {
  category: Category | null;
  tags: readonly string[] | null;
  importance: Importance | null;
};
export type Bm25Params = { k1: number; b: number; titleWeight: number; candidateBudget: number };

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
    if (indexed) {
      await tx.query(
        "SELECT set_config('hnsw.ef_search', $1, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)",
        [String(efSearch)],
      );
    }
    // relaxed_order may hand rows back slightly out of order: sort the few found again.
    const rows = await tx.query<{ id: string; distance: number }>(
      `SELECT id, distance FROM (
         SELECT e.trace_id AS id, ${column} <=> ${probe} AS distance
           FROM trace_embeddings e JOIN traces t ON t.id = e.trace_id
          WHERE e.user_id = $2 AND e.model = $3 AND e.dimension = ${dimension}
            AND t.user_id = $2 AND t.is_active ${where.map((w) => `AND ${w}`).join(' ')}
          ORDER BY distance LIMIT $4) nearest
        ORDER BY distance, id`,
      params,
    );
    return rows.map((r) => ({ id: r.id, score: 1 - Number(r.distance) }));
  },

  /**
   * Cosine similarity of the query to given traces (the full-text hits the vector arm did not
   * return), so every candidate of the fusion has both scores. Traces not embedded yet are absent.
   */
  async similarities(
    tx: Tx,
    userId: string,
    model: string,
    vector: readonly number[],
    ids: readonly string[],
  ): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await tx.query<{ id: string; similarity: number }>(
      `SELECT trace_id AS id, 1 - (embedding <=> $1::vector) AS similarity
         FROM trace_embeddings
        WHERE trace_id = ANY($2::uuid[]) AND user_id = $3 AND model = $4 AND dimension = $5`,
      [vectorLiteral(vector), ids, userId, model, vector.length],
    );
    return new Map(rows.map((r) => [r.id, Number(r.similarity)]));
  },

  /** What the fusion's priors need of each candidate. */
  async meta(
    tx: Tx,
    userId: string,
    ids: readonly string[],
  ): Promise<{ id: string; created_at: Date; importance: Importance }[]> {
    if (!ids.length) return [];
    return tx.query(
      'SELECT id, created_at, importance FROM traces WHERE id = ANY($1::uuid[]) AND user_id = $2 AND is_active',
      [ids, userId],
    );
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

import type { Tx } from '../../db/db.js';
import { vectorLiteral } from '../../db/sql.js';
import { INDEXED_DIMENSIONS } from './search.repo.js';

export type FoundBy = 'words' | 'meaning';
export type StoredSimilar = {
  id: string;
  title: string | null;
  content: string;
  similarity: number;
  found_by: FoundBy;
};

/** Near-duplicates by meaning, and the near-duplicates kept on each trace (0007: trace_similar). */
export const similarMeaningRepo = {
  /**
   * The user's active traces whose vector (of `model`) has a cosine of at least `minCosine` with
   * `vector`, best first, `except` left out. HNSW like the vector arm: ordering by `<=>` keeps the
   * index under row-level security; the few found are then checked against `traces`.
   */
  async nearest(
    tx: Tx,
    userId: string,
    model: string,
    vector: readonly number[],
    /** currentOnly: superseded traces (ADR 0034) left out. */
    options: { minCosine: number; max: number; except?: string | undefined; currentOnly?: boolean },
  ): Promise<{ id: string; title: string | null; content: string; similarity: number }[]> {
    const dimension = vector.length;
    if (!Number.isInteger(dimension) || dimension < 1) return [];
    const indexed = INDEXED_DIMENSIONS.has(dimension);
    const column = indexed ? `e.embedding::vector(${dimension})` : 'e.embedding';
    const probe = indexed ? `$1::vector(${dimension})` : '$1::vector';
    const rows = await tx.query<{ id: string; title: string | null; content: string; similarity: number }>(
      `SELECT t.id, t.title, t.content, 1 - n.distance AS similarity
         FROM (SELECT e.trace_id, ${column} <=> ${probe} AS distance
                 FROM trace_embeddings e
                WHERE e.user_id = $2 AND e.model = $3 AND e.dimension = ${dimension}
                ORDER BY distance LIMIT $4) n
         JOIN traces t ON t.id = n.trace_id AND t.user_id = $2 AND t.is_active
              ${options.currentOnly ? 'AND t.superseded_at IS NULL' : ''}
        WHERE 1 - n.distance >= $5 AND t.id IS DISTINCT FROM $6::uuid
        ORDER BY n.distance, t.id`,
      // A few more than wanted: the new trace itself, or deleted ones, may be among the nearest.
      [vectorLiteral(vector), userId, model, options.max + 3, options.minCosine, options.except ?? null],
    );
    return rows.slice(0, options.max).map((r) => ({ ...r, similarity: Number(r.similarity) }));
  },

  /** Replaces what was found `by` for a trace with `found` (the trace's own user). */
  async replace(
    tx: Tx,
    userId: string,
    traceId: string,
    by: FoundBy,
    found: readonly { id: string; similarity: number }[],
  ): Promise<void> {
    await tx.query('DELETE FROM trace_similar WHERE trace_id = $1 AND user_id = $2 AND found_by = $3', [
      traceId,
      userId,
      by,
    ]);
    const others = found.filter((f) => f.id !== traceId);
    if (!others.length) return;
    await tx.query(
      `INSERT INTO trace_similar (trace_id, similar_id, user_id, found_by, similarity)
       SELECT $1, s.id, $2, $3, least(1, greatest(0, s.similarity))
         FROM unnest($4::uuid[], $5::float8[]) AS s(id, similarity)
       ON CONFLICT DO NOTHING`,
      [traceId, userId, by, others.map((f) => f.id), others.map((f) => String(f.similarity))],
    );
  },

  /**
   * The near-duplicates kept for a trace, read both ways (found when either was created), active
   * ones only, the best way each was found.
   */
  async of(tx: Tx, userId: string, traceId: string, max: number): Promise<StoredSimilar[] | null> {
    const [own] = await tx.query<{ id: string }>(
      'SELECT id FROM traces WHERE id = $1 AND user_id = $2 AND is_active',
      [traceId, userId],
    );
    if (!own) return null;
    const rows = await tx.query<StoredSimilar>(
      `SELECT DISTINCT ON (t.id) t.id, t.title, t.content, s.similarity, s.found_by
         FROM (SELECT similar_id AS other, similarity, found_by FROM trace_similar
                WHERE trace_id = $1 AND user_id = $2
               UNION ALL
               SELECT trace_id, similarity, found_by FROM trace_similar
                WHERE similar_id = $1 AND user_id = $2) s
         JOIN traces t ON t.id = s.other AND t.user_id = $2 AND t.is_active
        ORDER BY t.id, s.similarity DESC`,
      [traceId, userId],
    );
    return rows
      .map((r) => ({ ...r, similarity: Number(r.similarity) }))
      .sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1))
      .slice(0, max);
  },
};

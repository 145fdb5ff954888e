import type { Category, Importance } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import type { ProjectScope } from '../projects/projects.service.js';
import { HNSW_EF_SEARCH } from '../../db/session-settings.js';
import { vectorLiteral } from '../../db/sql.js';
import type { QueryTerms } from './relevance-ranking.js';

/** One arm's answer: trace ids, best first, with the arm's own score (not comparable across arms). */
export type ArmHit = { id: string; score: number };
export type SearchFilters = {
  category: Category | null;
  tags: readonly string[] | null;
  importance: Importance | null;
  /** Which projects (ADR 0029); null: every trace. */
  scope: ProjectScope;
  /**
   * Superseded traces (ADR 0034) are candidates too. Else they are dropped where the candidates'
   * rows are read: they may still take a place in an arm's answer (few traces are superseded), and
   * their cosines count in the query's background, as a deleted trace's do.
   */
  includeSuperseded?: boolean;
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
  project: string | null;
  pinned: boolean;
  superseded_at: Date | null;
};

/**
 * Dimensions with an HNSW index in 0005 (partial expression indexes). Others are searched by an
 * exact scan of the user's vectors.
 */
export const INDEXED_DIMENSIONS: ReadonlySet<number> = new Set([384, 512, 768, 1024, 1536]);

/** What the ranking reads of one active candidate (searchRepo.candidateStage). */
export type CandidateRow = {
  created_at: Date;
  importance: Importance;
  /** Cosine to the query of a full-text hit the vector arm did not return (null: not embedded). */
  similarity: number | null;
  lexemes: string[];
  neighbours: string[];
};

/**
 * The sitting around a note (the trace aliased `c`, $4 minutes either side), as a lateral
 * relation `w` of its own: `w.starts`, `w.ends`. Computed here and not inside neighboursOf's
 * comparisons because of row-level security: the statement runs as cairn_app, and a comparison
 * whose expression calls a function that is not leakproof (timestamp − interval can overflow, so
 * it is not) may not be checked before the policy, so PostgreSQL cannot use it as an index bound.
 * The lower bound became a filter over every older note of the user: ~5,000 rows read per
 * candidate at 10k notes, 60 candidates a search. Against a column of `w` (a parameter inside
 * the sub-select) the comparison is the leakproof timestamptz one and bounds the index scan.
 * OFFSET 0 keeps the planner from folding the expressions back in.
 */
const sittingOf = (c: string) => `(SELECT ${c}.created_at - $4::float8 * interval '1 minute' AS starts,
                   ${c}.created_at + $4::float8 * interval '1 minute' AS ends OFFSET 0) w`;

/**
 * A note's neighbours in the user's timeline (the trace aliased `c`, its sitting `w` from
 * sittingOf, user $1): the $3 live notes written just before it and the $3 just after, within $4
 * minutes of it (one sitting). Notes written at the same instant are not each other's neighbours:
 * an import without dates gives a whole file one created_at, and their order there says nothing.
 * Two bounded index look-ups per note (traces_user_list_idx).
 */
const neighboursOf = (c: string) => `(SELECT p.id FROM traces p
             WHERE p.user_id = $1 AND p.is_active AND p.created_at < ${c}.created_at
               AND p.created_at >= w.starts
             ORDER BY p.created_at DESC, p.id DESC LIMIT $3::int)
           UNION ALL
           (SELECT f.id FROM traces f
             WHERE f.user_id = $1 AND f.is_active AND f.created_at > ${c}.created_at
               AND f.created_at <= w.ends
             ORDER BY f.created_at, f.id LIMIT $3::int)`;

/** The two arms of hybrid search and the rows they point at. Every statement is the user's own. */
export const searchRepo = {
  /**
   * The words' stage, run while the query is being embedded: the BM25-style full-text arm
   * (cairn_fulltext_search in 0005: reads app.user_id, never another's) and what the relevance
   * model needs of the query's words (its distinct lexemes, English stemming as the arm, each with
   * the user's document frequency, 0 for a word no note holds; the user's note count; the version
   * of those statistics, for the cache of document frequencies), in one statement.
   */
  async textStage(
    tx: Tx,
    userId: string,
    query: string,
    filters: SearchFilters,
    limit: number,
    p: Bm25Params,
  ): Promise<{ hits: ArmHit[]; terms: Omit<QueryTerms, 'df'>; version: number }> {
    const [row] = await tx.query<{
      documents: number | null;
      version: number | null;
      lexemes: { lexeme: string; df: number }[] | null;
      hits: { id: string; score: number }[] | null;
    }>(
      `WITH q AS (
         SELECT q.lexeme, coalesce(t.df, 0)::float8 AS df
           FROM (SELECT DISTINCT l AS lexeme FROM unnest(tsvector_to_array(to_tsvector('english', $1))) l) q
           LEFT JOIN fulltext_terms t ON t.user_id = $10 AND t.lexeme = q.lexeme)
       SELECT c.documents::float8 AS documents, c.version::float8 AS version,
              (SELECT json_agg(q) FROM q) AS lexemes,
              (SELECT json_agg(json_build_object('id', h.id, 'score', h.score) ORDER BY h.n)
                 FROM cairn_fulltext_search($1, $2, $3, $4::text[], $5, $6, $7, $8, $9, $11, $12)
                      WITH ORDINALITY AS h(id, score, n)) AS hits
         FROM (SELECT NULL) one LEFT JOIN fulltext_corpus c ON c.user_id = $10`,
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
        userId,
        filters.scope?.projectId ?? null,
        filters.scope?.withPersonal ?? false,
      ],
    );
    return {
      hits: (row?.hits ?? []).map((h) => ({ id: h.id, score: Number(h.score) })),
      terms: {
        documents: Number(row?.documents ?? 0),
        lexemes: (row?.lexemes ?? []).map((l) => ({ lexeme: l.lexeme, df: Number(l.df) })),
      },
      version: Number(row?.version ?? 0),
    };
  },

  /**
   * The candidates' stage, once the query's vector is known, in one statement: the vector arm
   * (nearest vectors by cosine distance among the user's traces embedded by `probe.model`) and,
   * for every candidate of either arm, what the ranking reads — active or not (only active ones
   * are returned as candidates), created_at and importance for the priors, the cosine of a
   * full-text hit the vector arm did not return, every lexeme of its full-text document, and its
   * neighbours in the user's timeline when `context` asks (neighboursOf).
   *
   * The arm runs as cairn_app: ordering by `<=>` is not a filter, so row-level security does not
   * keep the HNSW index out (checked with EXPLAIN in ADR 0008). Without filters it does not join
   * traces, so the planner takes the index even for a few thousand vectors; a deleted trace's
   * vector (kept for a restore) is still among the nearest, and counts in the query's background
   * as it always did, but is no candidate. With filters the join runs inside pgvector's iterative
   * scan, which keeps walking the graph until enough rows pass them; relaxed_order may return
   * rows slightly out of order, so `nearest` is sorted again.
   */
  async candidateStage(
    tx: Tx,
    userId: string,
    opts: {
      probe: { model: string; vector: readonly number[] } | null;
      textIds: readonly string[];
      filters: SearchFilters;
      limit: number;
      efSearch: number;
      context?: { span: number; windowMinutes: number } | undefined;
    },
  ): Promise<{ nearest: ArmHit[]; candidates: Map<string, CandidateRow> }> {
    const { probe, filters } = opts;
    const dimension = probe?.vector.length ?? 0;
    const params: (string | number | readonly string[] | null)[] = [
      userId,
      [...opts.textIds],
      opts.context?.span ?? 0,
      opts.context?.windowMinutes ?? 0,
    ];
    let nearest = 'SELECT NULL::uuid AS id, NULL::float8 AS distance WHERE false';
    let cosine = 'NULL::float8';
    let embeddings = '';
    if (probe && Number.isInteger(dimension) && dimension > 0) {
      const indexed = INDEXED_DIMENSIONS.has(dimension);
      // The cast and the literal dimension must match the partial index's expression and predicate.
      const column = indexed ? `e.embedding::vector(${dimension})` : 'e.embedding';
      const vec = `$${params.push(vectorLiteral(probe.vector))}`;
      const model = `$${params.push(probe.model)}`;
      const limit = `$${params.push(opts.limit)}`;
      const where: string[] = [];
      if (filters.category) where.push(`t.category = $${params.push(filters.category)}`);
      if (filters.tags) where.push(`t.tags @> $${params.push(filters.tags)}::text[]`);
      if (filters.importance) where.push(`t.importance = $${params.push(filters.importance)}`);
      if (filters.scope) {
        const project = `$${params.push(filters.scope.projectId)}::uuid`;
        where.push(
          filters.scope.withPersonal
            ? `(t.project_id = ${project} OR t.project_id IS NULL)`
            : `t.project_id = ${project}`,
        );
      }
      const join = where.length
        ? `JOIN traces t ON t.id = e.trace_id AND t.user_id = $1 AND t.is_active ${where.map((w) => `AND ${w}`).join(' ')}`
        : '';
      nearest = `SELECT e.trace_id AS id, ${column} <=> ${vec}::vector${indexed ? `(${dimension})` : ''} AS distance
           FROM trace_embeddings e ${join}
          WHERE e.user_id = $1 AND e.model = ${model} AND e.dimension = ${dimension}
          ORDER BY distance LIMIT ${limit}`;
      cosine = '1 - (e.embedding <=> ' + vec + '::vector)';
      // Only for full-text hits the arm did not return, and only a vector of this model.
      embeddings = `LEFT JOIN trace_embeddings e ON e.trace_id = i.id AND e.user_id = $1 AND n.id IS NULL
                      AND e.model = ${model} AND e.dimension = ${dimension}`;
    }
    // The session has the default candidate list (server/db/session-settings.ts): a round trip saved.
    if (probe && INDEXED_DIMENSIONS.has(dimension) && opts.efSearch !== HNSW_EF_SEARCH) {
      await tx.query("SELECT set_config('hnsw.ef_search', $1, true)", [String(opts.efSearch)]);
    }
    const rows = await tx.query<{
      id: string;
      distance: number | null;
      active: boolean;
      created_at: Date | null;
      importance: Importance | null;
      similarity: number | null;
      lexemes: string[] | null;
      neighbours: string[] | null;
    }>(
      `WITH nearest AS MATERIALIZED (${nearest}),
            ids AS (SELECT id FROM nearest UNION SELECT unnest($2::uuid[]))
       SELECT i.id::text AS id, n.distance, t.id IS NOT NULL AS active, t.created_at, t.importance,
              ${cosine} AS similarity,
              tsvector_to_array(f.lexemes) AS lexemes,
              CASE WHEN t.id IS NOT NULL AND $3::int > 0 THEN
                ARRAY(SELECT nb.id::text FROM (${neighboursOf('t')}) nb) END AS neighbours
         FROM ids i
         LEFT JOIN nearest n ON n.id = i.id
         LEFT JOIN traces t ON t.id = i.id AND t.user_id = $1 AND t.is_active
               ${filters.includeSuperseded ? '' : 'AND t.superseded_at IS NULL'}
         ${embeddings}
         LEFT JOIN trace_fulltext f ON f.trace_id = i.id AND f.user_id = $1
         LEFT JOIN LATERAL ${sittingOf('t')} ON true`,
      params,
    );
    const candidates = new Map<string, CandidateRow>();
    for (const r of rows) {
      if (!r.active) continue;
      candidates.set(r.id, {
        created_at: r.created_at!,
        importance: r.importance!,
        similarity: r.similarity === null ? null : Number(r.similarity),
        lexemes: r.lexemes ?? [],
        neighbours: r.neighbours ?? [],
      });
    }
    return {
      nearest: rows
        .filter((r) => r.distance !== null)
        .map((r) => ({ id: r.id, distance: Number(r.distance) }))
        .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((r) => ({ id: r.id, score: 1 - r.distance })),
      candidates,
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

  /** Each trace's neighbours in the user's timeline (neighboursOf): for the fit scripts and tests. */
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
         FROM traces c CROSS JOIN LATERAL ${sittingOf('c')} CROSS JOIN LATERAL (${neighboursOf('c')}) n
        WHERE c.id = ANY($2::uuid[]) AND c.user_id = $1 AND c.is_active`,
      [userId, ids, span, windowMinutes],
    );
    const byId = new Map<string, string[]>();
    for (const r of rows) byId.set(r.id, [...(byId.get(r.id) ?? []), r.neighbour]);
    return byId;
  },

  async rows(tx: Tx, userId: string, ids: readonly string[]): Promise<SearchRow[]> {
    if (!ids.length) return [];
    return tx.query<SearchRow>(
      `SELECT id, title, content, category, importance, tags, created_at, updated_at, pinned, superseded_at,
              (SELECT p.name FROM projects p WHERE p.id = traces.project_id AND p.user_id = traces.user_id) AS project
         FROM traces WHERE id = ANY($1::uuid[]) AND user_id = $2 AND is_active`,
      [ids, userId],
    );
  },
};

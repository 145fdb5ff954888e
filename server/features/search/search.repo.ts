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

/** What the ranking reads of one active candidate (candidateFacts). */
export type CandidateRow = {
  created_at: Date;
  importance: Importance;
  lexemes: string[];
  neighbours: string[];
};

/** Where a statement holds the user, the context's span and its window (sittingOf, neighboursOf). */
type ContextParams = { user: string; span: string; window: string };
const CONTEXT_PARAMS: ContextParams = { user: '$1', span: '$3', window: '$4' };

/**
 * The sitting around a note (the trace aliased `c`, `window` minutes either side), as a lateral
 * relation `w` of its own: `w.starts`, `w.ends`. Computed here and not inside neighboursOf's
 * comparisons because of row-level security: the statement runs as cairn_app, and a comparison
 * whose expression calls a function that is not leakproof (timestamp − interval can overflow, so
 * it is not) may not be checked before the policy, so PostgreSQL cannot use it as an index bound.
 * The lower bound became a filter over every older note of the user: ~5,000 rows read per
 * candidate at 10k notes, 60 candidates a search. Against a column of `w` (a parameter inside
 * the sub-select) the comparison is the leakproof timestamptz one and bounds the index scan.
 * OFFSET 0 keeps the planner from folding the expressions back in.
 */
const sittingOf = (
  c: string,
  p: ContextParams,
) => `(SELECT ${c}.created_at - ${p.window}::float8 * interval '1 minute' AS starts,
                   ${c}.created_at + ${p.window}::float8 * interval '1 minute' AS ends OFFSET 0) w`;

/**
 * A note's neighbours in the user's timeline (the trace aliased `c`, its sitting `w` from
 * sittingOf): the `span` live notes written just before it and the `span` just after, within
 * `window` minutes of it (one sitting). Notes written at the same instant are not each other's
 * neighbours: an import without dates gives a whole file one created_at, and their order there
 * says nothing. Two bounded index look-ups per note (traces_user_list_idx).
 */
const neighboursOf = (c: string, p: ContextParams) => `(SELECT p.id FROM traces p
             WHERE p.user_id = ${p.user} AND p.is_active AND p.created_at < ${c}.created_at
               AND p.created_at >= w.starts
             ORDER BY p.created_at DESC, p.id DESC LIMIT ${p.span}::int)
           UNION ALL
           (SELECT f.id FROM traces f
             WHERE f.user_id = ${p.user} AND f.is_active AND f.created_at > ${c}.created_at
               AND f.created_at <= w.ends
             ORDER BY f.created_at, f.id LIMIT ${p.span}::int)`;

/**
 * What the ranking reads of the candidate whose id is `id`, as a JSON object (CandidateRow's
 * fields and `active`), and the joins that give it: active or not (only active ones become
 * candidates), created_at and importance for the priors, every lexeme of its full-text document,
 * and its neighbours in the timeline when the span is above 0.
 */
const candidateFacts = (id: string, p: ContextParams, includeSuperseded: boolean) => ({
  json: `json_build_object('active', t.id IS NOT NULL, 'created_at', t.created_at,
            'importance', t.importance, 'lexemes', tsvector_to_array(f.lexemes),
            'neighbours', CASE WHEN t.id IS NOT NULL AND ${p.span}::int > 0 THEN
              ARRAY(SELECT nb.id::text FROM (${neighboursOf('t', p)}) nb) END)`,
  // Each a lateral sub-select fenced with OFFSET 0: an index look-up per candidate. Plain joins let
  // the planner, which expects 1,000 rows of a set-returning function, hash the user's whole
  // traces and trace_fulltext instead (35 ms at 10k notes, for 30 candidates).
  joins: `LEFT JOIN LATERAL (SELECT t.id, t.created_at, t.importance FROM traces t
                WHERE t.id = ${id} AND t.user_id = ${p.user} AND t.is_active
                      ${includeSuperseded ? '' : 'AND t.superseded_at IS NULL'} OFFSET 0) t ON true
          LEFT JOIN LATERAL (SELECT f.lexemes FROM trace_fulltext f
                WHERE f.trace_id = ${id} AND f.user_id = ${p.user} OFFSET 0) f ON true
          LEFT JOIN LATERAL ${sittingOf('t', p)} ON true`,
});

type FactsJson = {
  active: boolean;
  created_at: string | null;
  importance: Importance | null;
  lexemes: string[] | null;
  neighbours: string[] | null;
};

/** An active candidate's facts as the ranking reads them; null for a deleted or filtered one. */
function factsOf(j: FactsJson): CandidateRow | null {
  if (!j.active) return null;
  return {
    created_at: new Date(j.created_at!),
    importance: j.importance!,
    lexemes: j.lexemes ?? [],
    neighbours: j.neighbours ?? [],
  };
}

/** The two arms of hybrid search and the rows they point at. Every statement is the user's own. */
export const searchRepo = {
  /**
   * The words' stage, run while the query is being embedded, in one statement: the BM25-style
   * full-text arm (cairn_fulltext_search in 0005: reads app.user_id, never another's) with what the
   * ranking reads of each of its hits (candidateFacts: done here, while the model works, rather than
   * after it), and what the relevance model needs of the query's words (its distinct lexemes,
   * English stemming as the arm, each with the user's document frequency, 0 for a word no note
   * holds; the user's note count; the version of those statistics, for the cache of document
   * frequencies).
   */
  async textStage(
    tx: Tx,
    userId: string,
    query: string,
    filters: SearchFilters,
    limit: number,
    p: Bm25Params,
    context?: { span: number; windowMinutes: number },
  ): Promise<{
    hits: ArmHit[];
    candidates: Map<string, CandidateRow>;
    terms: Omit<QueryTerms, 'df'>;
    version: number;
  }> {
    const facts = candidateFacts(
      'h.id',
      { user: '$10', span: '$13', window: '$14' },
      !!filters.includeSuperseded,
    );
    const [row] = await tx.query<{
      documents: number | null;
      version: number | null;
      lexemes: { lexeme: string; df: number }[] | null;
      hits: { id: string; score: number; facts: FactsJson }[] | null;
    }>(
      `WITH q AS (
         SELECT q.lexeme, coalesce(t.df, 0)::float8 AS df
           FROM (SELECT DISTINCT l AS lexeme FROM unnest(tsvector_to_array(to_tsvector('english', $1))) l) q
           LEFT JOIN fulltext_terms t ON t.user_id = $10 AND t.lexeme = q.lexeme),
            h AS MATERIALIZED (
         SELECT h.id, h.score, h.n
           FROM cairn_fulltext_search($1, $2, $3, $4::text[], $5, $6, $7, $8, $9, $11, $12)
                WITH ORDINALITY AS h(id, score, n))
       SELECT c.documents::float8 AS documents, c.version::float8 AS version,
              (SELECT json_agg(q) FROM q) AS lexemes,
              (SELECT json_agg(json_build_object('id', h.id, 'score', h.score, 'facts', ${facts.json})
                               ORDER BY h.n)
                 FROM h ${facts.joins}) AS hits
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
        context?.span ?? 0,
        context?.windowMinutes ?? 0,
      ],
    );
    const candidates = new Map<string, CandidateRow>();
    for (const h of row?.hits ?? []) {
      const facts = factsOf(h.facts);
      if (facts) candidates.set(h.id, facts);
    }
    return {
      hits: (row?.hits ?? []).map((h) => ({ id: h.id, score: Number(h.score) })),
      candidates,
      terms: {
        documents: Number(row?.documents ?? 0),
        lexemes: (row?.lexemes ?? []).map((l) => ({ lexeme: l.lexeme, df: Number(l.df) })),
      },
      version: Number(row?.version ?? 0),
    };
  },

  /**
   * The vector stage, once the query's vector is known, in one statement: the vector arm (nearest
   * vectors by cosine distance among the user's traces embedded by `probe.model`), the facts of
   * each of its hits the words' stage did not return (candidateFacts), and the cosine to the query
   * of each full-text hit (`textIds`) the arm did not return. `candidates` holds the active ones
   * of the arm's own hits, and a cosine (`similarity`, null: not embedded) for every text hit.
   *
   * The arm runs as cairn_app: ordering by `<=>` is not a filter, so row-level security does not
   * keep the HNSW index out (checked with EXPLAIN in ADR 0008). Without filters it does not join
   * traces, so the planner takes the index even for a few thousand vectors; a deleted trace's
   * vector (kept for a restore) is still among the nearest, and counts in the query's background
   * as it always did, but is no candidate. With filters the join runs inside pgvector's iterative
   * scan, which keeps walking the graph until enough rows pass them; relaxed_order may return
   * rows slightly out of order, so `nearest` is sorted again.
   */
  async vectorStage(
    tx: Tx,
    userId: string,
    opts: {
      probe: { model: string; vector: readonly number[] };
      textIds: readonly string[];
      filters: SearchFilters;
      limit: number;
      efSearch: number;
      context?: { span: number; windowMinutes: number } | undefined;
    },
  ): Promise<{ nearest: ArmHit[]; candidates: Map<string, CandidateRow>; similarity: Map<string, number> }> {
    const { probe, filters } = opts;
    const dimension = probe.vector.length;
    if (!Number.isInteger(dimension) || dimension <= 0) throw new Error('A query vector has no dimension');
    const params: (string | number | readonly string[] | null)[] = [
      userId,
      [...opts.textIds],
      opts.context?.span ?? 0,
      opts.context?.windowMinutes ?? 0,
    ];
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
    const facts = candidateFacts('n.id', CONTEXT_PARAMS, !!filters.includeSuperseded);
    // The session has the default candidate list (server/db/session-settings.ts): a round trip saved.
    if (indexed && opts.efSearch !== HNSW_EF_SEARCH) {
      await tx.query("SELECT set_config('hnsw.ef_search', $1, true)", [String(opts.efSearch)]);
    }
    const rows = await tx.query<{
      id: string;
      distance: number | null;
      similarity: number | null;
      facts: FactsJson | null;
    }>(
      `WITH nearest AS MATERIALIZED (
         SELECT e.trace_id AS id, ${column} <=> ${vec}::vector${indexed ? `(${dimension})` : ''} AS distance
           FROM trace_embeddings e ${join}
          WHERE e.user_id = $1 AND e.model = ${model} AND e.dimension = ${dimension}
          ORDER BY distance LIMIT ${limit})
       SELECT n.id::text AS id, n.distance, NULL::float8 AS similarity,
              CASE WHEN n.id = ANY($2::uuid[]) THEN NULL ELSE ${facts.json} END AS facts
         FROM nearest n ${facts.joins}
       UNION ALL
       SELECT i.id::text, NULL, 1 - (e.embedding <=> ${vec}::vector), NULL
         FROM unnest($2::uuid[]) i(id)
         JOIN trace_embeddings e ON e.trace_id = i.id AND e.user_id = $1
              AND e.model = ${model} AND e.dimension = ${dimension}
        WHERE i.id NOT IN (SELECT id FROM nearest)`,
      params,
    );
    const candidates = new Map<string, CandidateRow>();
    const similarity = new Map<string, number>();
    for (const r of rows) {
      if (r.similarity !== null) similarity.set(r.id, Number(r.similarity));
      const facts = r.facts && factsOf(r.facts);
      if (facts) candidates.set(r.id, facts);
    }
    return {
      nearest: rows
        .filter((r) => r.distance !== null)
        .map((r) => ({ id: r.id, distance: Number(r.distance) }))
        .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((r) => ({ id: r.id, score: 1 - r.distance })),
      candidates,
      similarity,
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
         FROM traces c CROSS JOIN LATERAL ${sittingOf('c', CONTEXT_PARAMS)}
              CROSS JOIN LATERAL (${neighboursOf('c', CONTEXT_PARAMS)}) n
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

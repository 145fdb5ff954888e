import type { ActorKind } from '../../../contract/provenance.js';
import type { Category, Importance, TraceSort } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import type { ProjectScope } from '../projects/projects.service.js';
import { COLUMNS, T_COLUMNS, type TraceRow } from './traces.repo.js';

export type Page = { limit: number; offset: number };
/** Filters that need an index the planner cannot use under row-level security (see 0002). */
export type MatchFilter = {
  term: string | null;
  tags: readonly string[] | null;
  category: Category | null;
  importance: Importance | null;
  /** Ids left out (the ranked results a search box already shows above), or null. */
  exclude: readonly string[] | null;
  /** Which projects (ADR 0029); null: every trace. */
  scope: ProjectScope;
  /** Only traces created this way (ADR 0033), or null. */
  createdVia?: ActorKind | null;
};

/**
 * The created-by filter (ADR 0033), joined onto cairn_trace_matches' rows inside the counted
 * subquery so the total and the page agree. A join rather than a new argument of the SQL
 * function: no index serves it (a rare filter, over one person's traces), and the function keeps
 * one definition. `param` is its parameter's number.
 */
const createdViaJoin = (filter: MatchFilter, param: number) =>
  filter.createdVia ? `JOIN traces cv ON cv.id = m.id AND cv.created_via = $${param}` : '';

/**
 * ORDER BY per sort, on the list's own columns and on cairn_trace_matches' columns. Each plain
 * order is the column list of an index (0002, 0016) so a page is an index walk; the importance
 * rank is spelled exactly as the index's expression so the planner matches it.
 */
const PLAIN_ORDER: Record<TraceSort, string> = {
  newest: 'created_at DESC, id DESC',
  oldest: 'created_at ASC, id ASC',
  most_used: 'access_count DESC, created_at DESC, id DESC',
  importance:
    "(CASE importance WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) DESC, created_at DESC, id DESC",
};
const MATCH_ORDER: Record<TraceSort, string> = {
  newest: 'm.created_at DESC, m.id DESC',
  oldest: 'm.created_at ASC, m.id ASC',
  most_used: 'm.access_count DESC, m.created_at DESC, m.id DESC',
  importance: 'm.importance_rank DESC, m.created_at DESC, m.id DESC',
};

type CounterRow = { active: number; access_sum: number } & Record<Category, number>;

/**
 * The trace list: one user's active traces in the chosen sort (newest first by default), a page
 * at a time.
 * Two paths, chosen by the service: plain (no filter or category only) walks the
 * (user_id, is_active, created_at) index and takes totals from trace_counters; matching (search
 * term, tags, importance, left-out ids) goes through cairn_trace_matches so the trigram and tags
 * GIN indexes and the importance index apply.
 */
export const listRepo = {
  async page(
    tx: Tx,
    userId: string,
    category: Category | null,
    sort: TraceSort,
    page: Page,
  ): Promise<TraceRow[]> {
    const params = [userId, page.limit, page.offset, ...(category ? [category] : [])];
    return tx.query<TraceRow>(
      `SELECT ${COLUMNS} FROM traces
        WHERE user_id = $1 AND is_active ${category ? 'AND category = $4' : ''}
        ORDER BY ${PLAIN_ORDER[sort]} LIMIT $2 OFFSET $3`,
      params,
    );
  },

  /** Active traces in total or in one category, from the trigger-kept counters (O(1)). */
  async count(tx: Tx, userId: string, category: Category | null): Promise<number> {
    const rows = await tx.query<CounterRow>('SELECT * FROM trace_counters WHERE user_id = $1', [userId]);
    const row = rows[0];
    return row ? Number(category ? row[category] : row.active) : 0;
  },

  /**
   * A page of matches plus the total in one pass (count(*) OVER () sees every match before the
   * LIMIT). The total is undefined when the page is empty: the caller counts separately then.
   */
  async pageMatching(
    tx: Tx,
    userId: string,
    filter: MatchFilter,
    sort: TraceSort,
    page: Page,
  ): Promise<{ rows: TraceRow[]; total: number | undefined }> {
    const order = MATCH_ORDER[sort];
    const viaParam = filter.exclude ? 11 : 10;
    const rows = await tx.query<TraceRow & { total: number }>(
      `SELECT ${T_COLUMNS}, m.total
         FROM (SELECT m.*, count(*) OVER () AS total
                 FROM cairn_trace_matches($1, $2::text[], $3, $7, $8, $9) m
                ${createdViaJoin(filter, viaParam)}
                ${filter.exclude ? 'WHERE NOT (m.id = ANY ($10::uuid[]))' : ''}
                ORDER BY ${order} LIMIT $4 OFFSET $5) m
         JOIN traces t ON t.id = m.id
        WHERE t.user_id = $6 AND t.is_active
        ORDER BY ${order}`,
      [
        filter.term,
        filter.tags,
        filter.category,
        page.limit,
        page.offset,
        userId,
        filter.importance,
        filter.scope?.projectId ?? null,
        filter.scope?.withPersonal ?? false,
        ...(filter.exclude ? [filter.exclude] : []),
        ...(filter.createdVia ? [filter.createdVia] : []),
      ],
    );
    return { rows, total: rows[0] ? Number(rows[0].total) : undefined };
  },

  async countMatching(tx: Tx, filter: MatchFilter): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cairn_trace_matches($1, $2::text[], $3, $4, $5, $6) m
        ${createdViaJoin(filter, filter.exclude ? 8 : 7)}
        ${filter.exclude ? 'WHERE NOT (m.id = ANY ($7::uuid[]))' : ''}`,
      [
        filter.term,
        filter.tags,
        filter.category,
        filter.importance,
        filter.scope?.projectId ?? null,
        filter.scope?.withPersonal ?? false,
        ...(filter.exclude ? [filter.exclude] : []),
        ...(filter.createdVia ? [filter.createdVia] : []),
      ],
    );
    return rows[0]?.n ?? 0;
  },
};

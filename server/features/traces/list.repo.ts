import type { Category } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import { COLUMNS, T_COLUMNS, type TraceRow } from './traces.repo.js';

export type Page = { limit: number; offset: number };
/** Filters that need an index the planner cannot use under row-level security (see 0002). */
export type MatchFilter = { term: string | null; tags: readonly string[] | null; category: Category | null };

type CounterRow = { active: number; access_sum: number } & Record<Category, number>;

/**
 * The trace list: one user's active traces, newest first, a page at a time.
 * Two paths, chosen by the service: plain (no filter or category only) walks the
 * (user_id, is_active, created_at) index and takes totals from trace_counters; matching (search
 * term and/or tags) goes through cairn_trace_matches so the trigram and tags GIN indexes apply.
 */
export const listRepo = {
  async page(tx: Tx, userId: string, category: Category | null, page: Page): Promise<TraceRow[]> {
    const params = [userId, page.limit, page.offset, ...(category ? [category] : [])];
    return tx.query<TraceRow>(
      `SELECT ${COLUMNS} FROM traces
        WHERE user_id = $1 AND is_active ${category ? 'AND category = $4' : ''}
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
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
    page: Page,
  ): Promise<{ rows: TraceRow[]; total: number | undefined }> {
    const rows = await tx.query<TraceRow & { total: number }>(
      `SELECT ${T_COLUMNS}, m.total
         FROM (SELECT id, created_at, count(*) OVER () AS total
                 FROM cairn_trace_matches($1, $2::text[], $3)
                ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5) m
         JOIN traces t ON t.id = m.id
        WHERE t.user_id = $6 AND t.is_active
        ORDER BY m.created_at DESC, m.id DESC`,
      [filter.term, filter.tags, filter.category, page.limit, page.offset, userId],
    );
    return { rows, total: rows[0] ? Number(rows[0].total) : undefined };
  },

  async countMatching(tx: Tx, filter: MatchFilter): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM cairn_trace_matches($1, $2::text[], $3)',
      [filter.term, filter.tags, filter.category],
    );
    return rows[0]?.n ?? 0;
  },
};

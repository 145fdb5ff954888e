import type { Tx } from '../../../db/db.js';
import { lockTracesOf } from '../write-lock.js';

/** What a tag change touched: every trace of the person that carried it, deleted ones included. */
type Touched = { id: string; is_active: boolean };
const activeCount = (rows: Touched[]) => rows.filter((r) => r.is_active).length;

/**
 * SQL for tags across one person's traces (the traces table, so this lives in the traces feature).
 * A change reaches deleted traces too, so an Undo or a restore never brings back a tag that was
 * renamed or removed; what it answers counts the active ones, which are what the person sees.
 * A tag change is not an edit of the memory: updated_at stays as it was.
 */
export const tagsRepo = {
  /** Each tag on the person's active traces with how many carry it, most used first. */
  async counts(tx: Tx, userId: string): Promise<{ name: string; count: number }[]> {
    return tx.query<{ name: string; count: number }>(
      `SELECT tag AS name, count(*)::int AS count
         FROM traces, unnest(tags) AS tag
        WHERE user_id = $1 AND is_active
        GROUP BY tag
        ORDER BY count(*) DESC, tag`,
      [userId],
    );
  },

  async inUse(tx: Tx, userId: string, tag: string): Promise<boolean> {
    const rows = await tx.query(
      'SELECT 1 FROM traces WHERE user_id = $1 AND is_active AND tags @> ARRAY[$2]::text[] LIMIT 1',
      [userId, tag],
    );
    return rows.length > 0;
  },

  /**
   * Replaces every tag in `from` by `into` on each trace carrying one, keeping the order of the
   * first occurrence and carrying the result once (a trace with both "kids" and "children"
   * merged into "children" keeps one "children"). A rename is a merge of one tag.
   */
  async replace(tx: Tx, userId: string, from: readonly string[], into: string): Promise<number> {
    await lockTracesOf(tx, userId);
    const rows = await tx.query<Touched>(
      `UPDATE traces t
          SET tags = (SELECT array_agg(d.tag ORDER BY d.first)
                        FROM (SELECT CASE WHEN u.tag = ANY ($2::text[]) THEN $3 ELSE u.tag END AS tag,
                                     min(u.ord) AS first
                                FROM unnest(t.tags) WITH ORDINALITY AS u(tag, ord)
                               GROUP BY 1) d)
        WHERE t.user_id = $1 AND t.tags && $2::text[]
        RETURNING t.id, t.is_active`,
      [userId, from, into],
    );
    return activeCount(rows);
  },

  async remove(tx: Tx, userId: string, tag: string): Promise<number> {
    await lockTracesOf(tx, userId);
    const rows = await tx.query<Touched>(
      `UPDATE traces SET tags = array_remove(tags, $2)
        WHERE user_id = $1 AND tags @> ARRAY[$2]::text[]
        RETURNING id, is_active`,
      [userId, tag],
    );
    return activeCount(rows);
  },
};

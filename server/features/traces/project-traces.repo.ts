import type { Tx } from '../../db/db.js';
import { lockTracesOf } from './write-lock.js';

/** What projects need of `traces` (ADR 0029): counts per project, and a deleted project's traces. */
export const projectTracesRepo = {
  /** Active traces per project (null: personal), on traces_user_project_idx. */
  async counts(tx: Tx, userId: string): Promise<Map<string | null, number>> {
    const rows = await tx.query<{ project_id: string | null; n: number }>(
      `SELECT project_id, count(*)::int AS n FROM traces WHERE user_id = $1 AND is_active
        GROUP BY project_id`,
      [userId],
    );
    return new Map(rows.map((r) => [r.project_id, Number(r.n)]));
  },

  /**
   * A project's traces leave it: every one (deleted ones too) becomes personal; with `remove` the
   * active ones are deleted first, as a delete in the app does (restorable for 30 days). Returns
   * how many active traces there were.
   */
  async release(tx: Tx, userId: string, projectId: string, remove: boolean): Promise<number> {
    await lockTracesOf(tx, userId);
    const rows = await tx.query<{ was_active: boolean }>(
      `UPDATE traces t SET project_id = NULL
         ${remove ? ', is_active = false, deleted_at = CASE WHEN t.is_active THEN now() ELSE t.deleted_at END' : ''}
         FROM (SELECT id, is_active FROM traces WHERE user_id = $1 AND project_id = $2
                ORDER BY id FOR NO KEY UPDATE) old
        WHERE t.id = old.id
        RETURNING old.is_active AS was_active`,
      [userId, projectId],
    );
    return rows.filter((r) => r.was_active).length;
  },
};

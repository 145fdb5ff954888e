import type { Category } from '../../../contract/traces.js';
import { TRACE_LIMITS } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import { lockTracesOf } from './write-lock.js';

type Ids = readonly string[];
const changedIds = (rows: { id: string }[]) => rows.map((r) => r.id);

/**
 * Bulk changes to one user's traces: one statement per action, so the statement-level counters
 * trigger and the per-row full-text trigger see every row, and row-level security plus the
 * user_id condition keep other users' traces out. Each statement changes only rows it would
 * change, so `changed` is exact.
 */
export const bulkRepo = {
  /**
   * Locks the named traces in id order before an action changes them. A multi-row UPDATE locks
   * rows in whatever order its scan meets them, while a search counting accesses locks them in id
   * order (traces.repo incrementAccess): on PostgreSQL the two deadlocked, each holding a row the
   * other wanted (issue 26). NO KEY UPDATE, the lock the UPDATE takes anyway.
   */
  async lockInIdOrder(tx: Tx, userId: string, ids: Ids): Promise<void> {
    await lockTracesOf(tx, userId);
    await tx.query(
      `SELECT id FROM traces WHERE user_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
      [userId, ids],
    );
  },

  async softDelete(tx: Tx, userId: string, ids: Ids): Promise<string[]> {
    return changedIds(
      await tx.query<{ id: string }>(
        `UPDATE traces SET is_active = false, deleted_at = now()
          WHERE user_id = $1 AND id = ANY($2::uuid[]) AND is_active RETURNING id`,
        [userId, ids],
      ),
    );
  },

  /**
   * Restores deleted traces, except one whose content an active trace already has (the one
   * active copy rule); of deleted traces sharing content, the last deleted comes back.
   */
  async restore(tx: Tx, userId: string, ids: Ids): Promise<string[]> {
    return changedIds(
      await tx.query<{ id: string }>(
        `UPDATE traces SET is_active = true, deleted_at = NULL
          WHERE id IN (
            SELECT DISTINCT ON (d.content_hash) d.id FROM traces d
             WHERE d.user_id = $1 AND d.id = ANY($2::uuid[]) AND NOT d.is_active
               AND NOT EXISTS (SELECT 1 FROM traces a
                                WHERE a.user_id = $1 AND a.is_active AND a.content_hash = d.content_hash)
             ORDER BY d.content_hash, d.deleted_at DESC, d.id)
          RETURNING id`,
        [userId, ids],
      ),
    );
  },

  async setCategory(tx: Tx, userId: string, ids: Ids, category: Category): Promise<string[]> {
    return changedIds(
      await tx.query<{ id: string }>(
        `UPDATE traces SET category = $3, updated_at = now()
          WHERE user_id = $1 AND id = ANY($2::uuid[]) AND is_active AND category <> $3 RETURNING id`,
        [userId, ids, category],
      ),
    );
  },

  /** Adds a tag where it is missing; a trace already at the tag limit is left as it is. */
  async addTag(tx: Tx, userId: string, ids: Ids, tag: string): Promise<string[]> {
    return changedIds(
      await tx.query<{ id: string }>(
        `UPDATE traces SET tags = array_append(tags, $3), updated_at = now()
          WHERE user_id = $1 AND id = ANY($2::uuid[]) AND is_active
            AND NOT tags @> ARRAY[$3]::text[] AND cardinality(tags) < $4 RETURNING id`,
        [userId, ids, tag, TRACE_LIMITS.tagsMax],
      ),
    );
  },

  async removeTag(tx: Tx, userId: string, ids: Ids, tag: string): Promise<string[]> {
    return changedIds(
      await tx.query<{ id: string }>(
        `UPDATE traces SET tags = array_remove(tags, $3), updated_at = now()
          WHERE user_id = $1 AND id = ANY($2::uuid[]) AND is_active AND tags @> ARRAY[$3]::text[] RETURNING id`,
        [userId, ids, tag],
      ),
    );
  },

  /** Moves traces to a project (its id) or to personal (null); those already there are left out. */
  async moveToProject(tx: Tx, userId: string, ids: Ids, projectId: string | null): Promise<string[]> {
    return changedIds(
      await tx.query<{ id: string }>(
        `UPDATE traces SET project_id = $3, updated_at = now()
          WHERE user_id = $1 AND id = ANY($2::uuid[]) AND is_active
            AND project_id IS DISTINCT FROM $3::uuid RETURNING id`,
        [userId, ids, projectId],
      ),
    );
  },
};

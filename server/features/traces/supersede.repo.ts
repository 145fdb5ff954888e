import type { Tx } from '../../db/db.js';
import type { ProjectScope } from '../projects/projects.service.js';
import { COLUMNS, type TraceRow } from './traces.repo.js';
import { lockTracesOf } from './write-lock.js';

/** What a supersede needs to know of a trace before it marks anything. */
export type SupersedeTarget = {
  id: string;
  project_id: string | null;
  superseded_at: Date | null;
};

/**
 * Superseded traces (ADR 0034): the marks and their removal. updated_at stays: the trace's words
 * did not change, only whether they still hold.
 */
export const supersedeRepo = {
  /** The active traces among `ids` (the user's own), locked for the marking that follows. */
  async activeTargets(tx: Tx, userId: string, ids: readonly string[]): Promise<SupersedeTarget[]> {
    if (!ids.length) return [];
    await lockTracesOf(tx, userId);
    return tx.query<SupersedeTarget>(
      `SELECT id::text AS id, project_id, superseded_at FROM traces
        WHERE id = ANY($1::uuid[]) AND user_id = $2 AND is_active
        ORDER BY id FOR NO KEY UPDATE`,
      [ids, userId],
    );
  },

  /** Marks `ids` replaced by `by` (one already superseded now points at the newer replacement). */
  async mark(tx: Tx, userId: string, ids: readonly string[], by: string): Promise<void> {
    await tx.query(
      `UPDATE traces SET superseded_at = coalesce(superseded_at, now()), superseded_by = $3
        WHERE id = ANY($1::uuid[]) AND user_id = $2 AND is_active`,
      [ids, userId, by],
    );
  },

  /**
   * The active traces `byId` replaced, newest first, at most `limit`, within a read's scope
   * (ADR 0029: a project-limited credential's is its project only), so an answer never names a
   * trace its reader could not open. traces_superseded_by_idx finds them.
   */
  async replacedBy(
    tx: Tx,
    userId: string,
    byId: string,
    scope: ProjectScope,
    limit: number,
  ): Promise<{ id: string; title: string | null }[]> {
    return tx.query<{ id: string; title: string | null }>(
      `SELECT id::text AS id, title FROM traces
        WHERE superseded_by = $2 AND user_id = $1 AND is_active
          AND ($3::uuid IS NULL OR project_id = $3 OR ($4 AND project_id IS NULL))
        ORDER BY created_at DESC, id DESC LIMIT $5`,
      [userId, byId, scope?.projectId ?? null, scope?.withPersonal ?? false, limit],
    );
  },

  /** The trace holds again: no longer superseded. */
  async clear(tx: Tx, userId: string, id: string): Promise<TraceRow | undefined> {
    await lockTracesOf(tx, userId);
    const rows = await tx.query<TraceRow>(
      `UPDATE traces SET superseded_at = NULL, superseded_by = NULL
        WHERE id = $1 AND user_id = $2 AND is_active RETURNING ${COLUMNS}`,
      [id, userId],
    );
    return rows[0];
  },
};

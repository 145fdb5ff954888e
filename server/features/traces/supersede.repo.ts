import type { Tx } from '../../db/db.js';
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

import type { Tx } from '../../db/db.js';
import { COLUMNS, type TraceRow } from '../traces/traces.repo.js';

/** Whole-account reads and the account's deletion. Every statement filters by user_id. */
export const accountRepo = {
  /** One page of active traces, newest first (keyset: stable while the export runs). */
  async tracesPage(
    tx: Tx,
    userId: string,
    after: { createdAt: Date; id: string } | null,
    limit: number,
  ): Promise<TraceRow[]> {
    return tx.query<TraceRow>(
      `SELECT ${COLUMNS} FROM traces
        WHERE user_id = $1 AND is_active
          AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC
        LIMIT $4`,
      [userId, after?.createdAt ?? null, after?.id ?? null, limit],
    );
  },

  /** Deletes the account; every table holding its data references users ON DELETE CASCADE. */
  async deleteUser(tx: Tx, userId: string): Promise<boolean> {
    const rows = await tx.query('DELETE FROM users WHERE id = $1 RETURNING id', [userId]);
    return rows.length === 1;
  },
};

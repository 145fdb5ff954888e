import type { Tx } from '../../db/db.js';
import { lockTracesOf } from '../traces/write-lock.js';

export type ProjectRow = {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = 'id, user_id, name, description, archived_at, created_at, updated_at';

/** Rows of `projects`. Every statement filters by user_id (row-level security is the second lock). */
export const projectsRepo = {
  async list(tx: Tx, userId: string, withArchived: boolean): Promise<ProjectRow[]> {
    return tx.query<ProjectRow>(
      `SELECT ${COLUMNS} FROM projects WHERE user_id = $1 ${withArchived ? '' : 'AND archived_at IS NULL'}
        ORDER BY lower(name), id`,
      [userId],
    );
  },

  async find(tx: Tx, userId: string, id: string): Promise<ProjectRow | undefined> {
    const rows = await tx.query<ProjectRow>(
      `SELECT ${COLUMNS} FROM projects WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return rows[0];
  },

  /** By name, whatever its case (names are unique per person case-insensitively). */
  async findByName(tx: Tx, userId: string, name: string): Promise<ProjectRow | undefined> {
    const rows = await tx.query<ProjectRow>(
      `SELECT ${COLUMNS} FROM projects WHERE user_id = $1 AND lower(name) = lower($2)`,
      [userId, name],
    );
    return rows[0];
  },

  async count(tx: Tx, userId: string): Promise<number> {
    const rows = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM projects WHERE user_id = $1', [
      userId,
    ]);
    return rows[0]?.n ?? 0;
  },

  /** Serialises creations of one person's projects, so the cap holds under concurrent creates. */
  async lockOwner(tx: Tx, userId: string): Promise<void> {
    // The traces' write lock first (traces/write-lock.ts): an edit that names a new project holds
    // it already, so a create naming one must not take the users row before it.
    await lockTracesOf(tx, userId);
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
  },

  /** Undefined when the name is taken (the unique index on lower(name) refused it). */
  async insert(
    tx: Tx,
    userId: string,
    p: { name: string; description: string | null },
  ): Promise<ProjectRow | undefined> {
    const rows = await tx.query<ProjectRow>(
      `INSERT INTO projects (user_id, name, description) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, lower(name)) DO NOTHING RETURNING ${COLUMNS}`,
      [userId, p.name, p.description],
    );
    return rows[0];
  },

  /** Sets what is given (undefined: unchanged); `archived` sets or clears archived_at. */
  async update(
    tx: Tx,
    userId: string,
    id: string,
    change: {
      name?: string | undefined;
      description?: string | null | undefined;
      archived?: boolean | undefined;
    },
  ): Promise<ProjectRow | undefined> {
    const rows = await tx.query<ProjectRow>(
      `UPDATE projects
          SET name = coalesce($3, name),
              description = CASE WHEN $4 THEN $5 ELSE description END,
              archived_at = CASE WHEN $6::boolean IS NULL THEN archived_at
                                 WHEN $6 THEN coalesce(archived_at, now()) ELSE NULL END,
              updated_at = now()
        WHERE id = $1 AND user_id = $2
        RETURNING ${COLUMNS}`,
      [
        id,
        userId,
        change.name ?? null,
        change.description !== undefined,
        change.description ?? null,
        change.archived ?? null,
      ],
    );
    return rows[0];
  },

  async remove(tx: Tx, userId: string, id: string): Promise<boolean> {
    const rows = await tx.query('DELETE FROM projects WHERE id = $1 AND user_id = $2 RETURNING id', [
      id,
      userId,
    ]);
    return rows.length === 1;
  },
};

import type { Tx } from '../../db/db.js';

export type SessionRow = {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  successor_sealed: string | null;
};

/** A sign-in as the session list shows it. */
export type FamilyRow = {
  family_id: string;
  signed_in_at: Date;
  last_active_at: Date;
  user_agent: string | null;
};

/** Refresh-token rows (one per token; a sign-in's tokens share family_id). */
export const sessionsRepo = {
  async insert(
    tx: Tx,
    s: {
      familyId: string | null;
      userId: string;
      tokenHash: string;
      expiresAt: Date;
      userAgent: string | null;
    },
  ): Promise<SessionRow> {
    const rows = await tx.query<SessionRow>(
      `INSERT INTO auth_sessions (id, family_id, user_id, token_hash, expires_at, user_agent)
       SELECT id, COALESCE($1::uuid, id), $2, $3, $4, $5 FROM (SELECT gen_random_uuid() AS id) g
       RETURNING *`,
      [s.familyId, s.userId, s.tokenHash, s.expiresAt, s.userAgent],
    );
    return rows[0]!;
  },
  async findByHash(tx: Tx, tokenHash: string): Promise<SessionRow | undefined> {
    return (await tx.query<SessionRow>('SELECT * FROM auth_sessions WHERE token_hash = $1', [tokenHash]))[0];
  },
  /**
   * Marks the token used and keeps its successor sealed for it; false when another request
   * rotated it first.
   */
  async markRotated(tx: Tx, id: string, successorSealed: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE auth_sessions SET rotated_at = now(), successor_sealed = $2
        WHERE id = $1 AND rotated_at IS NULL RETURNING id`,
      [id, successorSealed],
    );
    return rows.length === 1;
  },
  async revokeFamily(tx: Tx, familyId: string): Promise<void> {
    await tx.query(
      'UPDATE auth_sessions SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
      [familyId],
    );
  },
  async revokeOtherFamilies(tx: Tx, userId: string, keepFamilyId: string): Promise<void> {
    await tx.query(
      'UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1 AND family_id <> $2 AND revoked_at IS NULL',
      [userId, keepFamilyId],
    );
  },
  async revokeAll(tx: Tx, userId: string): Promise<void> {
    await tx.query('UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
      userId,
    ]);
  },
  /**
   * Retention: refresh tokens expired over a day before `now`. An expired token is refused
   * whether or not its row exists; isFamilyActive counts unexpired rows only.
   */
  async deleteExpired(tx: Tx, now: Date): Promise<number> {
    const rows = await tx.query(
      "DELETE FROM auth_sessions WHERE expires_at < $1::timestamptz - interval '1 day' RETURNING id",
      [now],
    );
    return rows.length;
  },
  async isFamilyActive(tx: Tx, familyId: string): Promise<boolean> {
    const rows = await tx.query(
      'SELECT 1 FROM auth_sessions WHERE family_id = $1 AND revoked_at IS NULL AND expires_at > now() LIMIT 1',
      [familyId],
    );
    return rows.length > 0;
  },

  /**
   * One row per sign-in (family) that still has a valid token, newest activity first: when its
   * tokens were made (each refresh makes one) and the user agent of the latest.
   */
  async listLiveFamilies(tx: Tx, userId: string): Promise<FamilyRow[]> {
    return tx.query<FamilyRow>(
      `SELECT family_id,
              min(created_at) AS signed_in_at,
              max(created_at) AS last_active_at,
              (array_agg(user_agent ORDER BY created_at DESC))[1] AS user_agent
         FROM auth_sessions
        WHERE user_id = $1
        GROUP BY family_id
       HAVING bool_or(revoked_at IS NULL AND expires_at > now())
        ORDER BY max(created_at) DESC, family_id`,
      [userId],
    );
  },
  /** Ends one sign-in of this user; false when it is not theirs or already over. */
  async revokeUserFamily(tx: Tx, userId: string, familyId: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE auth_sessions SET revoked_at = now()
        WHERE user_id = $1 AND family_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
      [userId, familyId],
    );
    return rows.length > 0;
  },
  /** Ends every other live sign-in of this user; how many. */
  async revokeOtherLiveFamilies(tx: Tx, userId: string, keepFamilyId: string): Promise<number> {
    const rows = await tx.query<{ family_id: string }>(
      `UPDATE auth_sessions SET revoked_at = now()
        WHERE user_id = $1 AND family_id <> $2 AND revoked_at IS NULL AND expires_at > now()
        RETURNING family_id`,
      [userId, keepFamilyId],
    );
    return new Set(rows.map((r) => r.family_id)).size;
  },
};

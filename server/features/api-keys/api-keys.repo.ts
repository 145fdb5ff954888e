import type { Tx } from '../../db/db.js';

export type ApiKeyRow = {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  permissions: string[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  expires_at: Date | null;
  /** The project the key is limited to (ADR 0029), and its name; null: the whole account. */
  project_id: string | null;
  project: string | null;
};

const COLUMNS = `id, user_id, name, prefix, key_hash, permissions, created_at, last_used_at, revoked_at,
  expires_at, project_id,
  (SELECT p.name FROM projects p WHERE p.id = api_keys.project_id AND p.user_id = api_keys.user_id) AS project`;
/** Not revoked and not past its expiry: what counts towards the cap and the dashboard. */
const WORKING = 'revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())';

/**
 * API key rows. Every query but `findActiveByHash` filters by user_id; that one is the
 * pre-authentication lookup (run as system) and matches a 256-bit hash only its holder can produce.
 */
export const apiKeysRepo = {
  async listActive(tx: Tx, userId: string): Promise<ApiKeyRow[]> {
    return tx.query<ApiKeyRow>(
      `SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL
       ORDER BY created_at DESC, id`,
      [userId],
    );
  },

  /** Keys that still work: an expired key is listed (so its owner sees why) but not counted. */
  async countActive(tx: Tx, userId: string): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND ${WORKING}`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  },

  /**
   * Keys that have been used at least once and still work: the dashboard's "Integrations" tile
   * adds these to the used OAuth clients.
   */
  async countUsed(tx: Tx, userId: string): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM api_keys
       WHERE user_id = $1 AND ${WORKING} AND last_used_at IS NOT NULL`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  },

  /**
   * Serialises key creation per person (the cap check and the insert must not interleave across
   * requests or instances). NO KEY UPDATE does not block inserts elsewhere that reference the user.
   */
  async lockOwner(tx: Tx, userId: string): Promise<void> {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
  },

  async insert(
    tx: Tx,
    k: {
      userId: string;
      name: string;
      prefix: string;
      keyHash: string;
      permissions: readonly string[];
      expiresAt: Date | null;
      projectId: string | null;
    },
  ): Promise<ApiKeyRow> {
    const rows = await tx.query<ApiKeyRow>(
      `INSERT INTO api_keys (user_id, name, prefix, key_hash, permissions, expires_at, project_id)
       VALUES ($1, $2, $3, $4, $5::text[], $6, $7) RETURNING ${COLUMNS}`,
      [k.userId, k.name, k.prefix, k.keyHash, k.permissions, k.expiresAt, k.projectId],
    );
    return rows[0]!;
  },

  /**
   * Renames one of this person's unrevoked keys and/or sets its expiry (`expiresAt` undefined:
   * unchanged; null: never). Undefined when there is no such key.
   */
  async update(
    tx: Tx,
    userId: string,
    id: string,
    change: { name?: string | undefined; expiresAt?: Date | null | undefined },
  ): Promise<ApiKeyRow | undefined> {
    const rows = await tx.query<ApiKeyRow>(
      `UPDATE api_keys
          SET name = coalesce($3, name),
              expires_at = CASE WHEN $4 THEN $5::timestamptz ELSE expires_at END
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
        RETURNING ${COLUMNS}`,
      [id, userId, change.name ?? null, change.expiresAt !== undefined, change.expiresAt ?? null],
    );
    return rows[0];
  },

  /** Revokes one of this person's active keys; false when there is no such key. */
  async revoke(tx: Tx, userId: string, id: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE api_keys SET revoked_at = now()
       WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`,
      [id, userId],
    );
    return rows.length === 1;
  },

  /** Every active key of the user; returns how many. */
  async revokeAll(tx: Tx, userId: string): Promise<number> {
    const rows = await tx.query(
      'UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
      [userId],
    );
    return rows.length;
  },
  async findActiveByHash(tx: Tx, keyHash: string): Promise<ApiKeyRow | undefined> {
    const rows = await tx.query<ApiKeyRow>(
      `SELECT ${COLUMNS} FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`,
      [keyHash],
    );
    return rows[0];
  },

  /**
   * Records use at most once a minute per key; the condition is in SQL too, so concurrent
   * requests (or instances) cannot write it more often.
   */
  async touchLastUsed(tx: Tx, userId: string, id: string): Promise<void> {
    await tx.query(
      `UPDATE api_keys SET last_used_at = now()
       WHERE id = $1 AND user_id = $2
         AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id, userId],
    );
  },
};

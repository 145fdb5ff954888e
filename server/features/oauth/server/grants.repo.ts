import type { OAuthPlatform } from '../../../../contract/oauth.js';
import type { Tx } from '../../../db/db.js';

/**
 * Pending authorization requests, codes and tokens. Lookups by hash happen before anyone is
 * authenticated and run in asSystem transactions; writes carry the user id explicitly.
 */

/**
 * Expired rows stay a day before the sweep erases them: every lookup checks expires_at itself, and
 * the grace keeps a late replay of a code or refresh token recognisable as one (so its family is
 * revoked) instead of merely unknown.
 */
const EXPIRED_GRACE = "interval '1 day'";

/** Retention: rows of `table` expired over {@link EXPIRED_GRACE} before `now`; returns how many went. */
async function deleteExpired(
  tx: Tx,
  table: 'oauth_authorization_requests' | 'oauth_codes' | 'oauth_tokens',
  now: Date,
): Promise<number> {
  const rows = await tx.query(
    `DELETE FROM ${table} WHERE expires_at < $1::timestamptz - ${EXPIRED_GRACE} RETURNING id`,
    [now],
  );
  return rows.length;
}

export type RequestDocument = {
  name: string;
  platform: OAuthPlatform;
  redirect_uris: string[];
  grant_types: string[];
};

export type AuthorizationRequestRow = {
  id: string;
  client_id: string;
  client_row_id: string | null;
  client_document: RequestDocument | null;
  redirect_uri: string;
  redirect_uri_given: boolean;
  scopes: string[];
  state: string | null;
  code_challenge: string;
  resource: string;
  expires_at: Date;
  user_id: string | null;
  decided_at: Date | null;
};

export type CodeRow = {
  id: string;
  client_row_id: string;
  user_id: string;
  redirect_uri: string;
  redirect_uri_given: boolean;
  scopes: string[];
  code_challenge: string;
  resource: string;
  expires_at: Date;
  consumed_at: Date | null;
  client_id: string;
  /** The project the grant is limited to (ADR 0029); null: the whole account. */
  project_id: string | null;
};

export type TokenRow = {
  id: string;
  kind: 'access' | 'refresh';
  family_id: string;
  client_row_id: string;
  user_id: string;
  code_id: string | null;
  scopes: string[];
  resource: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  /** The project the grant is limited to (ADR 0029); null: the whole account. */
  project_id: string | null;
  /** Joined from the client. */
  client_id: string;
  client_last_used_at: Date | null;
  /** Joined: the name of `project_id`; null when there is none (or it cannot be read). */
  project: string | null;
};

export const requestsRepo = {
  async insert(
    tx: Tx,
    r: Omit<AuthorizationRequestRow, 'id' | 'user_id' | 'decided_at' | 'client_document'> & {
      handle_hash: string;
      client_document: RequestDocument | null;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO oauth_authorization_requests (handle_hash, client_id, client_row_id, client_document,
         redirect_uri, redirect_uri_given, scopes, state, code_challenge, resource, expires_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11)`,
      [
        r.handle_hash,
        r.client_id,
        r.client_row_id,
        r.client_document ? JSON.stringify(r.client_document) : null,
        r.redirect_uri,
        r.redirect_uri_given,
        r.scopes,
        r.state,
        r.code_challenge,
        r.resource,
        r.expires_at,
      ],
    );
  },
  async findByHandle(tx: Tx, handleHash: string): Promise<AuthorizationRequestRow | undefined> {
    const rows = await tx.query<AuthorizationRequestRow>(
      'SELECT * FROM oauth_authorization_requests WHERE handle_hash = $1',
      [handleHash],
    );
    return rows[0];
  },
  /** Single use: only the first decision on an unexpired request wins. */
  async decide(tx: Tx, id: string, userId: string, decision: 'approved' | 'denied'): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE oauth_authorization_requests SET user_id = $2, decision = $3, decided_at = now()
       WHERE id = $1 AND decided_at IS NULL AND expires_at > now() RETURNING id`,
      [id, userId, decision],
    );
    return rows.length === 1;
  },
  deleteExpired: (tx: Tx, now: Date) => deleteExpired(tx, 'oauth_authorization_requests', now),
};

export const codesRepo = {
  async insert(
    tx: Tx,
    c: Omit<CodeRow, 'id' | 'consumed_at' | 'client_id'> & { code_hash: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO oauth_codes (code_hash, client_row_id, user_id, redirect_uri, redirect_uri_given, scopes,
         code_challenge, resource, expires_at, project_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        c.code_hash,
        c.client_row_id,
        c.user_id,
        c.redirect_uri,
        c.redirect_uri_given,
        c.scopes,
        c.code_challenge,
        c.resource,
        c.expires_at,
        c.project_id,
      ],
    );
  },
  async findByHash(tx: Tx, codeHash: string): Promise<CodeRow | undefined> {
    const rows = await tx.query<CodeRow>(
      `SELECT k.*, c.client_id FROM oauth_codes k JOIN oauth_clients c ON c.id = k.client_row_id
       WHERE k.code_hash = $1`,
      [codeHash],
    );
    return rows[0];
  },
  /** The one exchange; false when the code was already used. */
  async consume(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx.query(
      'UPDATE oauth_codes SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id',
      [id],
    );
    return rows.length === 1;
  },
  /**
   * Every code of the user is spent and marked as replayed: one not exchanged yet can no longer
   * be, and an exchange already past its checks is refused when it saves its tokens.
   */
  async endAllOfUser(tx: Tx, userId: string): Promise<void> {
    await tx.query(
      `UPDATE oauth_codes SET consumed_at = COALESCE(consumed_at, now()), replayed_at = COALESCE(replayed_at, now())
       WHERE user_id = $1 AND replayed_at IS NULL`,
      [userId],
    );
  },
  async markReplayed(tx: Tx, id: string): Promise<void> {
    await tx.query('UPDATE oauth_codes SET replayed_at = COALESCE(replayed_at, now()) WHERE id = $1', [id]);
  },
  /** Locks the code row while its tokens are written, so a concurrent replay cannot slip between. */
  async isReplayed(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx.query<{ replayed_at: Date | null }>(
      'SELECT replayed_at FROM oauth_codes WHERE id = $1 FOR UPDATE',
      [id],
    );
    return !rows[0] || rows[0].replayed_at !== null;
  },
  deleteExpired: (tx: Tx, now: Date) => deleteExpired(tx, 'oauth_codes', now),
};

export const tokensRepo = {
  async insert(
    tx: Tx,
    t: Pick<
      TokenRow,
      | 'kind'
      | 'family_id'
      | 'client_row_id'
      | 'user_id'
      | 'code_id'
      | 'scopes'
      | 'resource'
      | 'expires_at'
      | 'project_id'
    > & {
      token_hash: string;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO oauth_tokens (kind, token_hash, family_id, client_row_id, user_id, code_id, scopes, resource,
         expires_at, project_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        t.kind,
        t.token_hash,
        t.family_id,
        t.client_row_id,
        t.user_id,
        t.code_id,
        t.scopes,
        t.resource,
        t.expires_at,
        t.project_id,
      ],
    );
  },
  async findByHash(tx: Tx, tokenHash: string): Promise<TokenRow | undefined> {
    const rows = await tx.query<TokenRow>(
      `SELECT t.id, t.kind, t.family_id, t.client_row_id, t.user_id, t.code_id, t.scopes, t.resource,
         t.expires_at, t.rotated_at, t.revoked_at, t.project_id, c.client_id,
         c.last_used_at AS client_last_used_at, p.name AS project
       FROM oauth_tokens t JOIN oauth_clients c ON c.id = t.client_row_id
         LEFT JOIN projects p ON p.id = t.project_id AND p.user_id = t.user_id
       WHERE t.token_hash = $1`,
      [tokenHash],
    );
    return rows[0];
  },
  /** Rotation: false when another request already used this refresh token. */
  async markRotated(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE oauth_tokens SET rotated_at = now()
       WHERE id = $1 AND rotated_at IS NULL AND revoked_at IS NULL RETURNING id`,
      [id],
    );
    return rows.length === 1;
  },
  async revokeFamily(tx: Tx, familyId: string): Promise<void> {
    await tx.query('UPDATE oauth_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [
      familyId,
    ]);
  },
  /** Every live token of the user, whichever client holds it; returns how many. */
  async revokeAllOfUser(tx: Tx, userId: string): Promise<number> {
    const rows = await tx.query(
      'UPDATE oauth_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
      [userId],
    );
    return rows.length;
  },
  async revokeByCode(tx: Tx, codeId: string): Promise<void> {
    await tx.query('UPDATE oauth_tokens SET revoked_at = now() WHERE code_id = $1 AND revoked_at IS NULL', [
      codeId,
    ]);
  },
  async isFamilyRevoked(tx: Tx, familyId: string): Promise<boolean> {
    const rows = await tx.query(
      'SELECT 1 FROM oauth_tokens WHERE family_id = $1 AND revoked_at IS NOT NULL LIMIT 1',
      [familyId],
    );
    return rows.length > 0;
  },
  deleteExpired: (tx: Tx, now: Date) => deleteExpired(tx, 'oauth_tokens', now),
};

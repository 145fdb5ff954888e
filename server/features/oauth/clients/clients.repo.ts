import type { OAuthPlatform, OAuthRegisteredVia } from '../../../../contract/oauth.js';
import type { Tx } from '../../../db/db.js';
import { OAUTH_TTL } from '../server/oauth.constants.js';

export type AuthMethod = 'client_secret_post' | 'client_secret_basic' | 'none';

export type ClientRow = {
  id: string;
  client_id: string;
  client_secret_hash: string | null;
  user_id: string | null;
  name: string;
  platform: OAuthPlatform;
  registered_via: OAuthRegisteredVia;
  token_endpoint_auth_method: AuthMethod;
  redirect_uris: string[];
  grant_types: string[];
  scopes: string[];
  created_at: Date;
  last_used_at: Date | null;
};

export type NewClient = Omit<ClientRow, 'id' | 'created_at' | 'last_used_at'>;

/** A dynamic client nobody approved in time no longer exists, even before the sweep deletes it. */
const UNCLAIMED_EXPIRED = `registered_via = 'dynamic' AND user_id IS NULL
  AND created_at < now() - make_interval(hours => ${OAUTH_TTL.unclaimedDynamicClientHours})`;
const LIVE = `NOT (${UNCLAIMED_EXPIRED})`;

/** OAuth client rows. Methods taking a userId filter by it; the others are pre-auth (asSystem). */
export const clientsRepo = {
  async insert(tx: Tx, c: NewClient): Promise<ClientRow> {
    const rows = await tx.query<ClientRow>(
      `INSERT INTO oauth_clients (client_id, client_secret_hash, user_id, name, platform, registered_via,
         token_endpoint_auth_method, redirect_uris, grant_types, scopes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [
        c.client_id,
        c.client_secret_hash,
        c.user_id,
        c.name,
        c.platform,
        c.registered_via,
        c.token_endpoint_auth_method,
        c.redirect_uris,
        c.grant_types,
        c.scopes,
      ],
    );
    return rows[0]!;
  },

  /**
   * The person's clients, each with `access`: what its live grants reach (ADR 0029), one entry per
   * distinct limit, null for the whole account first, then project names.
   */
  async listByUser(tx: Tx, userId: string): Promise<(ClientRow & { access: (string | null)[] })[]> {
    return tx.query<ClientRow & { access: (string | null)[] }>(
      `SELECT c.*, ARRAY(
           SELECT DISTINCT p.name FROM oauth_tokens t
             LEFT JOIN projects p ON p.id = t.project_id AND p.user_id = t.user_id
            WHERE t.client_row_id = c.id AND t.revoked_at IS NULL AND t.expires_at > now()
            ORDER BY p.name NULLS FIRST) AS access
         FROM oauth_clients c WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.id DESC`,
      [userId],
    );
  },

  /** By row id (a UUID) or by client_id; only the user's own clients. */
  async findOwned(tx: Tx, userId: string, key: { id: string } | { clientId: string }) {
    const [column, value] = 'id' in key ? ['id', key.id] : ['client_id', key.clientId];
    const rows = await tx.query<ClientRow>(
      `SELECT * FROM oauth_clients WHERE user_id = $1 AND ${column} = $2 LIMIT 1`,
      [userId, value],
    );
    return rows[0];
  },

  async deleteOwned(tx: Tx, userId: string, id: string): Promise<boolean> {
    const rows = await tx.query('DELETE FROM oauth_clients WHERE user_id = $1 AND id = $2 RETURNING id', [
      userId,
      id,
    ]);
    return rows.length === 1;
  },

  async updateSecret(tx: Tx, userId: string, id: string, secretHash: string): Promise<ClientRow | undefined> {
    const rows = await tx.query<ClientRow>(
      `UPDATE oauth_clients SET client_secret_hash = $3
       WHERE user_id = $1 AND id = $2 AND client_secret_hash IS NOT NULL RETURNING *`,
      [userId, id, secretHash],
    );
    return rows[0];
  },

  /** Name and/or redirect URIs of one of the user's own clients made on the page (null = keep). */
  async updateDetails(
    tx: Tx,
    userId: string,
    id: string,
    fields: { name: string | null; redirectUris: readonly string[] | null },
  ): Promise<ClientRow | undefined> {
    const rows = await tx.query<ClientRow>(
      `UPDATE oauth_clients SET name = COALESCE($3, name), redirect_uris = COALESCE($4, redirect_uris)
       WHERE user_id = $1 AND id = $2 AND registered_via = 'manual' RETURNING *`,
      [userId, id, fields.name, fields.redirectUris],
    );
    return rows[0];
  },

  // ---- pre-authentication (asSystem) ----

  /** A manual or dynamic client by its public id (metadata-document rows are per person). */
  async findByClientId(tx: Tx, clientId: string): Promise<ClientRow | undefined> {
    const rows = await tx.query<ClientRow>(
      `SELECT * FROM oauth_clients WHERE client_id = $1 AND registered_via <> 'metadata_document' AND ${LIVE}`,
      [clientId],
    );
    return rows[0];
  },

  async findById(tx: Tx, id: string): Promise<ClientRow | undefined> {
    const rows = await tx.query<ClientRow>(`SELECT * FROM oauth_clients WHERE id = $1 AND ${LIVE}`, [id]);
    return rows[0];
  },

  async documentClientExists(tx: Tx, clientId: string): Promise<boolean> {
    const rows = await tx.query(
      `SELECT 1 FROM oauth_clients WHERE client_id = $1 AND registered_via = 'metadata_document' LIMIT 1`,
      [clientId],
    );
    return rows.length > 0;
  },

  /** First approval of a dynamic client makes the approver its owner; false if someone else owns it. */
  async claim(tx: Tx, id: string, userId: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE oauth_clients SET user_id = $2 WHERE id = $1 AND (user_id IS NULL OR user_id = $2) RETURNING id`,
      [id, userId],
    );
    return rows.length === 1;
  },

  /** The person's own row for a metadata-document client (created on first approval). */
  async upsertDocumentClient(
    tx: Tx,
    c: {
      clientId: string;
      userId: string;
      name: string;
      platform: OAuthPlatform;
      redirectUris: readonly string[];
      grantTypes: readonly string[];
      scopes: readonly string[];
    },
  ): Promise<ClientRow> {
    const rows = await tx.query<ClientRow>(
      `INSERT INTO oauth_clients (client_id, client_secret_hash, user_id, name, platform, registered_via,
         token_endpoint_auth_method, redirect_uris, grant_types, scopes)
       VALUES ($1, NULL, $2, $3, $4, 'metadata_document', 'none', $5, $6, $7)
       ON CONFLICT (client_id, user_id) WHERE registered_via = 'metadata_document'
       DO UPDATE SET name = EXCLUDED.name, platform = EXCLUDED.platform,
         redirect_uris = EXCLUDED.redirect_uris, grant_types = EXCLUDED.grant_types
       RETURNING *`,
      [c.clientId, c.userId, c.name, c.platform, c.redirectUris, c.grantTypes, c.scopes],
    );
    return rows[0]!;
  },

  /** The retention sweep: dynamic clients nobody approved within the claim window, as of `now`. */
  async deleteUnclaimedDynamic(tx: Tx, now: Date): Promise<number> {
    const rows = await tx.query(
      `DELETE FROM oauth_clients WHERE registered_via = 'dynamic' AND user_id IS NULL
         AND created_at < $1::timestamptz - make_interval(hours => ${OAUTH_TTL.unclaimedDynamicClientHours})
       RETURNING id`,
      [now],
    );
    return rows.length;
  },

  /** last_used, written at most once a minute per client to keep token checks read-mostly. */
  /** The dashboard's "Integrations" tile counts clients whose tokens have been used at least once. */
  async countUsed(tx: Tx, userId: string): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM oauth_clients WHERE user_id = $1 AND last_used_at IS NOT NULL',
      [userId],
    );
    return rows[0]?.n ?? 0;
  },
  async touchLastUsed(tx: Tx, id: string): Promise<void> {
    await tx.query(
      `UPDATE oauth_clients SET last_used_at = now()
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  },
};

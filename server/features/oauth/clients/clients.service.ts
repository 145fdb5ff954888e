// oauth/clients/ — a person's OAuth clients: the web app's OAuth Clients page calls
// clients.routes.ts, the dashboard counts used clients (countUsed). It owns the oauth_clients rows
// (clients.repo); the protocol server and the consent step reach them through client-records.ts.
import type {
  CreateOAuthClientInput,
  OAuthClient,
  OAuthClientWithSecret,
  OAuthPlatform,
  OAuthServerInfo,
  UpdateOAuthClientInput,
} from '../../../../contract/oauth.js';
import { type Db, isUuid } from '../../../db/db.js';
import { AppError, conflict, notFound } from '../../../http/errors.js';
import { type Principal, requireSession } from '../../../http/principal.js';
import { randomBase62, randomToken, sha256Hex } from '../../../security/tokens.js';
import { type ClientRow, clientsRepo } from './clients.repo.js';
import { endpoints, mcpResourceUrl } from '../server/metadata.js';
import { canonicalScopes, GRANT_TYPES, OAUTH_PREFIX, OAUTH_SCOPES } from '../server/oauth.constants.js';
import { PLATFORM_REDIRECT_PRESETS, redirectUriProblems } from '../server/redirect-uris.js';

export const newClientId = () => `${OAUTH_PREFIX.clientId}${randomBase62(24)}`;
export const newClientSecret = () => `${OAUTH_PREFIX.clientSecret}${randomToken(32)}`;

export function toClient(row: ClientRow, publicUrl: string): OAuthClient {
  return {
    id: row.id,
    client_id: row.client_id,
    name: row.name,
    platform: row.platform,
    redirect_uris: row.redirect_uris,
    scopes: canonicalScopes(row.scopes),
    registered_via: row.registered_via,
    token_endpoint_auth_method: row.token_endpoint_auth_method,
    created_at: row.created_at.toISOString(),
    last_used: row.last_used_at ? row.last_used_at.toISOString() : null,
    mcp_url: mcpResourceUrl(publicUrl),
  };
}

/** 400 naming every bad URI (details carry the list index for the form). */
export function assertRedirectUris(uris: readonly string[]): void {
  const problems = redirectUriProblems(uris);
  if (problems.length > 0) {
    throw new AppError(
      400,
      'invalid_redirect_uri',
      problems.map((p) => p.message).join('; '),
      problems.map((p) => ({ path: `redirect_uris.${p.index}`, message: p.message })),
    );
  }
}

/**
 * What a page-made client registers: the platform's own callbacks plus the typed URIs, each
 * checked (400 naming the bad ones); a generic client needs at least one.
 */
function registeredUris(platform: OAuthPlatform, typed: readonly string[]): string[] {
  assertRedirectUris(typed);
  const redirectUris = [...new Set([...PLATFORM_REDIRECT_PRESETS[platform], ...typed])];
  if (redirectUris.length === 0) {
    throw new AppError(400, 'invalid_redirect_uri', 'Add at least one redirect URI for a generic client', [
      { path: 'redirect_uris', message: 'Add at least one redirect URI' },
    ]);
  }
  return redirectUris;
}

/**
 * The OAuth Clients page: only a signed-in person manages clients; an
 * assistant holding an OAuth token or an API key cannot mint itself new credentials.
 */
export function createOAuthClientsService(deps: { db: Db; publicUrl: string; dynamicRegistration: boolean }) {
  const { db, publicUrl } = deps;

  const requirePerson = (principal: Principal) =>
    requireSession(principal, 'Only a signed-in person can manage OAuth clients');

  async function findOwned(principal: Principal, key: string): Promise<ClientRow> {
    const row = await db.asUser(principal.userId, (tx) =>
      clientsRepo.findOwned(tx, principal.userId, isUuid(key) ? { id: key } : { clientId: key }),
    );
    if (!row) throw notFound('OAuth client not found');
    return row;
  }

  return {
    /** Clients of this person whose tokens were used at least once (the "Integrations" tile). */
    async countUsed(userId: string): Promise<number> {
      return db.asUser(userId, (tx) => clientsRepo.countUsed(tx, userId));
    },

    async list(principal: Principal): Promise<OAuthClient[]> {
      requirePerson(principal);
      const rows = await db.asUser(principal.userId, (tx) => clientsRepo.listByUser(tx, principal.userId));
      return rows.map((r) => ({ ...toClient(r, publicUrl), access: r.access }));
    },

    async create(principal: Principal, input: CreateOAuthClientInput): Promise<OAuthClientWithSecret> {
      requirePerson(principal);
      const { name, platform, redirect_uris: typed } = input;
      const redirectUris = registeredUris(platform, typed);
      const secret = newClientSecret();
      const row = await db.asUser(principal.userId, (tx) =>
        clientsRepo.insert(tx, {
          client_id: newClientId(),
          client_secret_hash: sha256Hex(secret),
          user_id: principal.userId,
          name,
          platform,
          registered_via: 'manual',
          // Confidential: accepted with client_secret_post (Claude, ChatGPT) or _basic (others).
          token_endpoint_auth_method: 'client_secret_post',
          redirect_uris: redirectUris,
          grant_types: [...GRANT_TYPES],
          scopes: [...OAUTH_SCOPES],
        }),
      );
      return { ...toClient(row, publicUrl), client_secret: secret };
    },

    /**
     * Renames a client or replaces its redirect URIs; its id, client_id and secret stay, so the
     * assistant it is pasted into keeps working. Only clients made on this page: a dynamic or
     * metadata-document client states its own name and callbacks, and would be contradicted.
     */
    async update(principal: Principal, key: string, input: UpdateOAuthClientInput): Promise<OAuthClient> {
      requirePerson(principal);
      const row = await findOwned(principal, key);
      if (row.registered_via !== 'manual') {
        throw conflict(
          'This client registered itself; only clients made on this page can be edited',
          'client_not_editable',
        );
      }
      const redirectUris =
        input.redirect_uris === undefined ? null : registeredUris(row.platform, input.redirect_uris);
      const updated = await db.asUser(principal.userId, (tx) =>
        clientsRepo.updateDetails(tx, principal.userId, row.id, { name: input.name ?? null, redirectUris }),
      );
      if (!updated) throw notFound('OAuth client not found');
      return toClient(updated, publicUrl);
    },

    /** Deleting cascades to its codes and tokens: every token it was issued stops working at once. */
    async remove(principal: Principal, key: string): Promise<void> {
      requirePerson(principal);
      const row = await findOwned(principal, key);
      await db.asUser(principal.userId, (tx) => clientsRepo.deleteOwned(tx, principal.userId, row.id));
    },

    /** A new secret, shown once; the old one stops working at once (only its hash was stored). */
    async regenerate(principal: Principal, key: string): Promise<OAuthClientWithSecret> {
      requirePerson(principal);
      const row = await findOwned(principal, key);
      if (row.token_endpoint_auth_method === 'none') {
        throw conflict(
          'This client is public (it signs in with PKCE only) and has no secret',
          'public_client',
        );
      }
      const secret = newClientSecret();
      const updated = await db.asUser(principal.userId, (tx) =>
        clientsRepo.updateSecret(tx, principal.userId, row.id, sha256Hex(secret)),
      );
      if (!updated) throw notFound('OAuth client not found');
      return { ...toClient(updated, publicUrl), client_secret: secret };
    },

    serverInfo(): OAuthServerInfo {
      const e = endpoints(publicUrl, deps.dynamicRegistration);
      return {
        issuer: e.issuer,
        mcp_url: mcpResourceUrl(publicUrl),
        authorization_endpoint: e.authorization,
        token_endpoint: e.token,
        registration_endpoint: e.registration,
        scopes_supported: [...OAUTH_SCOPES],
        redirect_uri_presets: {
          claude: [...PLATFORM_REDIRECT_PRESETS.claude],
          chatgpt: [...PLATFORM_REDIRECT_PRESETS.chatgpt],
          cursor: [...PLATFORM_REDIRECT_PRESETS.cursor],
          generic: [],
        },
      };
    },
  };
}

export type OAuthClientsService = ReturnType<typeof createOAuthClientsService>;

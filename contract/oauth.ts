import { z } from 'zod';
import { ProjectName } from './projects.js';

/**
 * OAuth clients and the consent API the web app's /consent page calls.
 * The protocol endpoints (/oauth/*, /.well-known/*) speak the RFCs' own shapes, documented in
 * docs/decisions/0010-oauth-server.md; only what the web app and SDKs consume is typed here.
 */

export const OAUTH_PLATFORMS = ['claude', 'chatgpt', 'cursor', 'generic'] as const;
export const OAuthPlatform = z.enum(OAUTH_PLATFORMS, {
  message: 'Platform must be one of claude, chatgpt, cursor, generic',
});
export type OAuthPlatform = z.infer<typeof OAuthPlatform>;

/** The permissions a token can carry (same values as API key permissions). */
export const OAUTH_SCOPES = ['read:traces', 'write:traces'] as const;
export const OAuthScope = z.enum(OAUTH_SCOPES);
export type OAuthScope = z.infer<typeof OAuthScope>;

/** manual: made on the OAuth Clients page; dynamic: RFC 7591; metadata_document: a known CIMD. */
export const OAuthRegisteredVia = z.enum(['manual', 'dynamic', 'metadata_document']);
export type OAuthRegisteredVia = z.infer<typeof OAuthRegisteredVia>;

export const OAuthClientSchema = z
  .object({
    id: z.uuid(),
    client_id: z.string(),
    name: z.string(),
    platform: OAuthPlatform,
    redirect_uris: z.array(z.string()),
    scopes: z.array(OAuthScope),
    registered_via: OAuthRegisteredVia,
    token_endpoint_auth_method: z
      .enum(['client_secret_post', 'client_secret_basic', 'none'])
      .describe('none: a public client (no secret to regenerate)'),
    created_at: z.string().describe('ISO 8601'),
    last_used: z.string().nullable().describe('ISO 8601 of the last call made with its tokens; null = Never'),
    mcp_url: z.string().describe('What to paste into the assistant as the server URL: <PUBLIC_URL>/mcp'),
    access: z
      .array(z.string().nullable())
      .optional()
      .describe(
        "In the list only: what the client's live grants reach, one entry per distinct limit: null the whole account, a name that project only (ADR 0029); empty when it holds none",
      ),
  })
  .meta({ id: 'OAuthClient' });
export type OAuthClient = z.infer<typeof OAuthClientSchema>;

/** Create and regenerate answers: the only time the secret is ever shown. */
export const OAuthClientWithSecret = OAuthClientSchema.extend({
  client_secret: z.string().describe('Shown once; only its hash is stored'),
}).meta({ id: 'OAuthClientWithSecret' });
export type OAuthClientWithSecret = z.infer<typeof OAuthClientWithSecret>;

export const OAUTH_CLIENT_LIMITS = { nameMax: 100, redirectUrisMax: 10, redirectUriMax: 2000 } as const;

/**
 * Redirect URIs as people type them (one per line in the form): trimmed, blanks dropped. For
 * claude and cursor the server adds the platform's own callback URIs; chatgpt gets its stable
 * callback added to whatever was typed; generic needs at least one.
 */
const ClientName = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(OAUTH_CLIENT_LIMITS.nameMax, `Name must be at most ${OAUTH_CLIENT_LIMITS.nameMax} characters`);
const RedirectUris = z
  .array(z.string().trim().max(OAUTH_CLIENT_LIMITS.redirectUriMax, 'Redirect URI is too long'))
  .transform((uris) => [...new Set(uris.filter((u) => u.length > 0))])
  .refine((uris) => uris.length <= OAUTH_CLIENT_LIMITS.redirectUrisMax, {
    message: `At most ${OAUTH_CLIENT_LIMITS.redirectUrisMax} redirect URIs are allowed`,
  });

export const CreateOAuthClientRequest = z.object({
  name: ClientName,
  platform: OAuthPlatform,
  redirect_uris: RedirectUris.default([]),
});
export type CreateOAuthClientRequest = z.input<typeof CreateOAuthClientRequest>;
/** The request after validation (trimmed, de-duplicated). */
export type CreateOAuthClientInput = z.output<typeof CreateOAuthClientRequest>;

/**
 * Edit a client made on the OAuth Clients page: its name, its redirect URIs, or both. The id, the
 * client_id, the secret and the platform stay. `redirect_uris` replaces the typed list, with the
 * same rules as create (the platform's own callbacks are added again by the server).
 */
export const UpdateOAuthClientRequest = z
  .object({ name: ClientName.optional(), redirect_uris: RedirectUris.optional() })
  .refine((o) => o.name !== undefined || o.redirect_uris !== undefined, {
    message: 'Nothing to update: send a name or redirect URIs',
  })
  .meta({ id: 'UpdateOAuthClientRequest' });
export type UpdateOAuthClientRequest = z.input<typeof UpdateOAuthClientRequest>;
export type UpdateOAuthClientInput = z.output<typeof UpdateOAuthClientRequest>;

/** `{clientId}` in the paths accepts the client's `id` (UUID) or its `client_id`. */
export const OAuthClientParams = z.object({ clientId: z.string().min(1).max(200) });

/** What the OAuth Clients and MCP Setup pages show: where to point an assistant. */
export const OAuthServerInfo = z
  .object({
    issuer: z.string(),
    mcp_url: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string().nullable().describe('null when OAUTH_DYNAMIC_REGISTRATION=false'),
    scopes_supported: z.array(OAuthScope),
    redirect_uri_presets: z
      .record(OAuthPlatform, z.array(z.string()))
      .describe('URIs the server adds by itself for each platform'),
  })
  .meta({ id: 'OAuthServerInfo' });
export type OAuthServerInfo = z.infer<typeof OAuthServerInfo>;

// ---- Consent (/consent?request=<id> in the web app) ----

export const OAuthRequestParams = z.object({ id: z.string().min(1).max(200) });

export const OAuthRequestInfo = z
  .object({
    id: z.string(),
    client: z.object({
      name: z.string(),
      platform: OAuthPlatform,
      client_id: z.string(),
      registered_via: OAuthRegisteredVia,
    }),
    redirect_uri: z.string(),
    redirect_host: z.string().describe('Where the browser goes next: show it so people can spot a stranger'),
    scopes: z.array(OAuthScope),
    expires_at: z.string().describe('ISO 8601'),
    projects: z
      .array(z.string())
      .describe(
        "The person's projects in use (not archived), by name: what the grant may be limited to besides the whole account (ADR 0029)",
      ),
  })
  .meta({ id: 'OAuthRequestInfo' });
export type OAuthRequestInfo = z.infer<typeof OAuthRequestInfo>;

/**
 * Optional narrowing: approve only some of the requested scopes (e.g. read-only), and limit the
 * grant to one project. No body = all scopes, the whole account.
 */
export const ApproveOAuthRequest = z
  .object({
    scopes: z.array(OAuthScope).min(1, 'Choose at least one permission').optional(),
    project: ProjectName.nullable()
      .optional()
      .describe(
        "Limit the grant to this project (by name, one in use): its tokens then see and touch only that project's traces, and their creates land there. null or left out: the whole account",
      ),
  })
  .nullish();
export type ApproveOAuthRequest = z.input<typeof ApproveOAuthRequest>;

export const OAuthDecision = z
  .object({ redirect_to: z.string().describe('Send the browser here (window.location.assign)') })
  .meta({ id: 'OAuthDecision' });
export type OAuthDecision = z.infer<typeof OAuthDecision>;

import { OAUTH_SCOPES } from './oauth.constants.js';

/**
 * Discovery documents. The issuer is PUBLIC_URL; the one protected resource is `<PUBLIC_URL>/mcp`
 * (RFC 8707 resource indicator); its tokens are accepted there only, not by the REST API (ADR 0022).
 */

export function mcpResourceUrl(publicUrl: string): string {
  return `${publicUrl}/mcp`;
}

export function protectedResourceMetadataUrl(publicUrl: string): string {
  const u = new URL(publicUrl);
  // RFC 9728 §3.1: the well-known segment goes between host and the resource's path.
  return `${u.origin}/.well-known/oauth-protected-resource${u.pathname.replace(/\/$/, '')}/mcp`;
}

/**
 * The `WWW-Authenticate` value for a 401 (or 403 insufficient_scope) from /mcp: MCP clients start
 * OAuth discovery from `resource_metadata` (RFC 9728 §5.1).
 */
export function wwwAuthenticateHeader(
  publicUrl: string,
  extra: { error?: 'invalid_token' | 'insufficient_scope'; scope?: string; description?: string } = {},
): string {
  const parts = [`resource_metadata="${protectedResourceMetadataUrl(publicUrl)}"`];
  if (extra.error) parts.push(`error="${extra.error}"`);
  if (extra.description) parts.push(`error_description="${extra.description.replace(/["\\]/g, '')}"`);
  if (extra.scope) parts.push(`scope="${extra.scope}"`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * RFC 8707: the resource must be this server's MCP endpoint (a trailing slash is tolerated). A
 * token for any other resource would be a token we'd pass through: refused as invalid_target.
 */
export function isOurResource(publicUrl: string, resource: string): boolean {
  let got: URL;
  let want: URL;
  try {
    got = new URL(resource);
    want = new URL(mcpResourceUrl(publicUrl));
  } catch {
    return false;
  }
  if (resource.includes('#') || got.search !== '' || got.username || got.password) return false;
  return got.origin === want.origin && got.pathname.replace(/\/$/, '') === want.pathname;
}

export type Endpoints = {
  issuer: string;
  authorization: string;
  token: string;
  revocation: string;
  registration: string | null;
};

export function endpoints(publicUrl: string, dynamicRegistration: boolean): Endpoints {
  return {
    issuer: publicUrl,
    authorization: `${publicUrl}/oauth/authorize`,
    token: `${publicUrl}/oauth/token`,
    revocation: `${publicUrl}/oauth/revoke`,
    registration: dynamicRegistration ? `${publicUrl}/oauth/register` : null,
  };
}

/** RFC 8414 authorization server metadata. */
export function authorizationServerMetadata(publicUrl: string, dynamicRegistration: boolean) {
  const e = endpoints(publicUrl, dynamicRegistration);
  return {
    issuer: e.issuer,
    authorization_endpoint: e.authorization,
    token_endpoint: e.token,
    ...(e.registration ? { registration_endpoint: e.registration } : {}),
    revocation_endpoint: e.revocation,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
    scopes_supported: [...OAUTH_SCOPES],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${publicUrl}/app/mcp-setup`,
  };
}

/** RFC 9728 protected resource metadata for `<PUBLIC_URL>/mcp`. */
export function protectedResourceMetadata(publicUrl: string) {
  return {
    resource: mcpResourceUrl(publicUrl),
    authorization_servers: [publicUrl],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Cairn',
  };
}

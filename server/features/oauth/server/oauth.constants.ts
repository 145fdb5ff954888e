import { SCOPES, type Scope } from '../../../http/principal.js';

/** Lifetimes and prefixes of everything the authorization server hands out. */
export const OAUTH_TTL = {
  /** Short: an access token is looked up on every call, so revocation is immediate anyway. */
  accessTokenSeconds: 60 * 60,
  refreshTokenSeconds: 30 * 24 * 60 * 60,
  /** RFC 6749 §4.1.2 says at most 10 minutes; one minute is plenty for a server-side exchange. */
  codeSeconds: 60,
  /** Time the person has to sign in and decide on the consent page. */
  requestSeconds: 10 * 60,
  /** A rotated refresh token replayed by its client this soon is a parallel refresh, not reuse. */
  refreshReuseGraceMs: 10_000,
  /** A dynamically registered client nobody approved within this time is deleted. */
  unclaimedDynamicClientHours: 24,
} as const;

/**
 * Token shapes, distinct from session JWTs (three dot-separated parts) and API keys (`cairn_…`,
 * which the API-key verifier claims), so each verifier recognises its own without a lookup.
 */
export const OAUTH_PREFIX = {
  accessToken: 'coat_',
  refreshToken: 'cort_',
  code: 'coac_',
  clientId: 'coc_',
  clientSecret: 'cocs_',
} as const;

export const OAUTH_SCOPES: readonly Scope[] = SCOPES;
export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** Scopes in canonical order, unknown ones dropped. */
export function canonicalScopes(scopes: readonly string[]): Scope[] {
  return SCOPES.filter((s) => scopes.includes(s));
}

/**
 * Query parameters that carry a credential: API keys, OAuth codes, PKCE verifiers, tokens, client
 * secrets, and `request`, the consent page's authorization-request handle (whoever holds it can
 * decide that request while it is pending).
 */
const CREDENTIAL_PARAMS =
  '(?:api_key|access_token|refresh_token|code|code_verifier|client_secret|token|request)';
const IN_URL = new RegExp(`([?&]${CREDENTIAL_PARAMS}=)[^&#]*`, 'gi');
// In a JSON log line a URL ends at a quote, a backslash escape or white space, not at the line's end.
const IN_LOG_LINE = new RegExp(`([?&]${CREDENTIAL_PARAMS}=)[^&#"\\\\\\s]*`, 'gi');
/** The consent API names the pending request by its handle in the path: /api/oauth/requests/<handle>. */
const HANDLE_IN_PATH = /(\/oauth\/requests\/)[^/?#"\\\s]+/g;
/** Anything that looks like one of our API keys (`cairn_` + base62), wherever it appears. */
const BARE_API_KEY = /\bcairn_[0-9A-Za-z]{20,}/g;
/**
 * Anything that looks like an OAuth code, token or client secret (the prefixes of
 * features/oauth/server/oauth.constants.ts, then base64url), wherever it appears.
 */
const BARE_OAUTH_SECRET = /\b(coac_|coat_|cort_|cocs_)[0-9A-Za-z_-]{20,}/g;

/**
 * `?api_key=` is a convenience for clients that cannot set headers, but URLs end up in logs:
 * every logged URL goes through this first.
 */
export function redactUrl(url: string): string {
  return url.replace(IN_URL, '$1[REDACTED]').replace(HANDLE_IN_PATH, '$1[REDACTED]');
}

/** Where log lines are written: process.stdout, or a collector in tests. */
export type LogStream = { write(line: string): unknown };

/**
 * The second line of defence, applied to every finished log line: the request serializer
 * redacts the URL it logs, but Fastify also puts raw URLs into some messages and errors (route
 * not found, reply already sent), and a future log call could include a key itself.
 */
export function redactSecrets(line: string): string {
  return line
    .replace(IN_LOG_LINE, '$1[REDACTED]')
    .replace(HANDLE_IN_PATH, '$1[REDACTED]')
    .replace(BARE_API_KEY, 'cairn_[REDACTED]')
    .replace(BARE_OAUTH_SECRET, '$1[REDACTED]');
}

export function redactingStream(destination: LogStream): LogStream {
  return { write: (line: string) => destination.write(redactSecrets(line)) };
}

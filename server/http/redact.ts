const CREDENTIAL_PARAMS = '(?:api_key|access_token|code|refresh_token|client_secret)';
const IN_URL = new RegExp(`([?&]${CREDENTIAL_PARAMS}=)[^&#]*`, 'gi');
// In a JSON log line a URL ends at a quote, a backslash escape or white space, not at the line's end.
const IN_LOG_LINE = new RegExp(`([?&]${CREDENTIAL_PARAMS}=)[^&#"\\\\\\s]*`, 'gi');
/** Anything that looks like one of our API keys (`cairn_` + base62), wherever it appears. */
const BARE_API_KEY = /\bcairn_[0-9A-Za-z]{20,}/g;

/**
 * `?api_key=` is a convenience for clients that cannot set headers, but URLs end up in logs:
 * every logged URL goes through this first.
 */
export function redactUrl(url: string): string {
  return url.replace(IN_URL, '$1[REDACTED]');
}

/** Where log lines are written: process.stdout, or a collector in tests. */
export type LogStream = { write(line: string): unknown };

/**
 * The second line of defence, applied to every finished log line: the request serializer
 * redacts the URL it logs, but Fastify also puts raw URLs into some messages and errors (route
 * not found, reply already sent), and a future log call could include a key itself.
 */
export function redactSecrets(line: string): string {
  return line.replace(IN_LOG_LINE, '$1[REDACTED]').replace(BARE_API_KEY, 'cairn_[REDACTED]');
}

export function redactingStream(destination: LogStream): LogStream {
  return { write: (line: string) => destination.write(redactSecrets(line)) };
}

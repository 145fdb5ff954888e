/**
 * Splits a URL (or a snippet holding URLs) after each separator so it can wrap there (with <wbr>)
 * instead of mid-word: `https://claude.ai/api/mcp/auth_callback` wraps as `https://claude.ai/api/`
 * + `mcp/auth_callback`, never as `auth_cal` + `lback`. An underscore counts: snake_case paths
 * such as `connector_platform_oauth_redirect` are longer than a phone's line. Joined back, the
 * parts are the text unchanged.
 */
export function urlBreakParts(url: string): string[] {
  return url.split(/(?<=[/.?&=#_,])(?=[^/\s])/);
}

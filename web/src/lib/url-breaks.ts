/**
 * Splits a URL after each separator so it can wrap there (with <wbr>) instead of mid-word:
 * `https://claude.ai/api/mcp/auth_callback` wraps as `https://claude.ai/api/` + `mcp/auth_callback`,
 * never as `auth_cal` + `lback`. Joined back, the parts are the URL unchanged.
 */
export function urlBreakParts(url: string): string[] {
  return url.split(/(?<=[/.?&=#])(?=[^/])/);
}

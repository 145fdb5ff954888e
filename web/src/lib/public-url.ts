export type Reachability = 'public-https' | 'plain-http' | 'local';

/**
 * Whether assistants that connect from their own servers (claude.ai, ChatGPT) can reach a
 * PUBLIC_URL: they need a public host name over HTTPS. Loopback and private-network addresses
 * work only for clients on the same machine or network (Claude Code, Cursor, scripts).
 */
export function reachabilityOf(url: string): Reachability {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'local';
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const isPrivate =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^169\.254\./.test(host) ||
    /^f[cd][0-9a-f]{2}:/.test(host) ||
    /^fe80:/.test(host) ||
    !host.includes('.');
  if (isPrivate) return 'local';
  return parsed.protocol === 'https:' ? 'public-https' : 'plain-http';
}

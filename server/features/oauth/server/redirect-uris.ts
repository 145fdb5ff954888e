import type { OAuthPlatform } from '../../../../contract/oauth.js';

/**
 * Redirect URI rules shared by the OAuth Clients page, dynamic registration and /oauth/authorize.
 * OAuth 2.1 §2.3.1 / RFC 9700 §4.1.3: registered URIs are matched exactly, with one exception for
 * native apps (RFC 8252 §7.3: any port on a loopback IP redirect URI).
 */

/** The callbacks each assistant really uses; added by the server for that platform. */
export const CLAUDE_REDIRECT_URIS = [
  'https://claude.ai/api/mcp/auth_callback',
  'https://claude.com/api/mcp/auth_callback',
] as const;
export const CURSOR_REDIRECT_URIS = ['cursor://anysphere.cursor-mcp/oauth/callback'] as const;
/** ChatGPT's stable callback, used when the server supports RFC 9207 `iss` (we do). */
export const CHATGPT_STABLE_REDIRECT_URI = 'https://chatgpt.com/connector_platform_oauth_redirect';

export const PLATFORM_REDIRECT_PRESETS: Record<OAuthPlatform, readonly string[]> = {
  claude: CLAUDE_REDIRECT_URIS,
  cursor: CURSOR_REDIRECT_URIS,
  chatgpt: [CHATGPT_STABLE_REDIRECT_URI],
  generic: [],
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** Schemes that are not an app's callback and could run code or read files if redirected to. */
const FORBIDDEN_SCHEMES = new Set([
  'javascript',
  'data',
  'vbscript',
  'file',
  'blob',
  'about',
  'filesystem',
  'ftp',
  'ws',
  'wss',
  'mailto',
  'tel',
  'sms',
]);

/** Null when `uri` may be registered; otherwise a message naming the URI. */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `Redirect URI is not a valid absolute URI: ${uri}`;
  }
  if (uri.includes('#')) return `Redirect URI must not contain a fragment (#): ${uri}`;
  if (url.username || url.password) return `Redirect URI must not contain a user name or password: ${uri}`;
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'https') return url.hostname ? null : `Redirect URI has no host: ${uri}`;
  if (scheme === 'http') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? null
      : `Redirect URI must use https (http is allowed only for localhost, 127.0.0.1 or [::1]): ${uri}`;
  }
  if (FORBIDDEN_SCHEMES.has(scheme)) return `Redirect URI scheme "${scheme}:" is not allowed: ${uri}`;
  // A private-use scheme of a native app (RFC 8252 §7.1), e.g. cursor://…
  return null;
}

/** Every problem of a list, in order (empty = all fine). */
export function redirectUriProblems(uris: readonly string[]): { index: number; message: string }[] {
  return uris.flatMap((uri, index) => {
    const message = redirectUriProblem(uri);
    return message ? [{ index, message }] : [];
  });
}

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Whether a requested redirect URI matches a registered one: exact string equality, except that
 * a registered http loopback URI matches the same URI on any port (RFC 8252 §7.3), since native
 * apps such as Claude Code listen on an ephemeral port. Host, path and query must still be equal.
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  let reg: URL;
  let req: URL;
  try {
    reg = new URL(registered);
    req = new URL(requested);
  } catch {
    return false;
  }
  if (!isLoopbackHttp(reg) || !isLoopbackHttp(req) || requested.includes('#')) return false;
  if (req.username || req.password) return false;
  return reg.hostname === req.hostname && reg.pathname === req.pathname && reg.search === req.search;
}

/**
 * ChatGPT gives every connector its own callback, https://chatgpt.com/connector/oauth/{id}, which
 * no static document can list. For ChatGPT's metadata document we accept exactly that shape: https,
 * host chatgpt.com, default port, no credentials, path /connector/oauth/ plus one segment of
 * URL-safe characters, no query, no fragment. Nothing else on chatgpt.com qualifies.
 */
export function isChatGptConnectorCallback(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.hostname === 'chatgpt.com' &&
    url.port === '' &&
    !url.username &&
    !url.password &&
    url.search === '' &&
    !uri.includes('#') &&
    /^\/connector\/oauth\/[A-Za-z0-9_-]{1,128}$/.test(url.pathname) &&
    uri === `https://chatgpt.com${url.pathname}`
  );
}

/** The platform a dynamically registered client most likely is, judged by its callbacks. */
export function guessPlatform(uris: readonly string[]): OAuthPlatform {
  const hosts = uris.map((u) => {
    try {
      return new URL(u);
    } catch {
      return null;
    }
  });
  if (hosts.some((u) => u && (u.hostname === 'claude.ai' || u.hostname === 'claude.com'))) return 'claude';
  if (hosts.some((u) => u && u.hostname === 'chatgpt.com')) return 'chatgpt';
  if (hosts.some((u) => u && u.protocol === 'cursor:')) return 'cursor';
  return 'generic';
}

/**
 * DNS-rebinding and cross-site protection for /mcp (MCP 2025-11-25 "Transports", security
 * warning; CVE-2025-66414): the Host must name this server and a browser's Origin must be this
 * server's. The SDK's helpers check nothing on a public host name unless told the allowed hosts,
 * so the allow-lists are derived from PUBLIC_URL here.
 */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export type GuardVerdict = { ok: true } | { ok: false; message: string };

export type RequestGuard = (headers: {
  host?: string | undefined;
  origin?: string | undefined;
}) => GuardVerdict;

/** A Host header's hostname, lower-cased, IPv6 in brackets; null when it cannot be parsed. */
function hostnameOf(host: string): string | null {
  try {
    const url = new URL(`http://${host}`);
    // A Host header is host[:port] and nothing else (no path, no credentials).
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return url.hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * `host` is the Host the request arrived for — Fastify's `request.host`, which honours
 * X-Forwarded-Host only when TRUST_PROXY is on. The port is not compared: a reverse proxy often
 * forwards to another port, and the attack this stops is a foreign *name* resolving to us.
 */
export function createRequestGuard(publicUrl: string): RequestGuard {
  const publicOrigin = new URL(publicUrl).origin.toLowerCase();
  const publicHost = new URL(publicUrl).hostname.toLowerCase();
  const loopbackInstall = LOOPBACK.has(publicHost);
  // A server whose PUBLIC_URL is loopback answers to every loopback name (localhost vs 127.0.0.1).
  const hostAllowed = (name: string) => name === publicHost || (loopbackInstall && LOOPBACK.has(name));

  return ({ host, origin }) => {
    const name = host ? hostnameOf(host) : null;
    if (!name || !hostAllowed(name)) {
      return { ok: false, message: `Forbidden: the Host header does not name this server (${publicOrigin})` };
    }
    // Requests without Origin pass: non-browser MCP clients send none (spec: "servers MUST validate
    // the Origin header" of browser requests). The literal "null" origin is a browser too.
    if (origin === undefined || origin === '') return { ok: true };
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    const allowed =
      parsed !== null &&
      (parsed.origin.toLowerCase() === publicOrigin ||
        (loopbackInstall && LOOPBACK.has(parsed.hostname.toLowerCase())));
    return allowed
      ? { ok: true }
      : { ok: false, message: `Forbidden: requests from origin ${origin.slice(0, 200)} are not allowed` };
  };
}

import type { FastifyInstance } from 'fastify';

// The SPA loads only its own bundle; nothing may frame Cairn (clickjacking on consent pages).
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * A year of HSTS once PUBLIC_URL is https: a browser that met Cairn over TLS never again sends a
 * token or cookie over plain HTTP to it. No includeSubDomains: Cairn does not own its siblings.
 */
const HSTS = 'max-age=31536000';

export function registerSecurityHeaders(app: FastifyInstance, opts: { publicUrl?: string } = {}): void {
  const https = opts.publicUrl?.startsWith('https://') ?? false;
  app.addHook('onSend', async (request, reply, payload) => {
    if (https) reply.header('strict-transport-security', HSTS);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !request.url.startsWith('/api/docs')) {
      reply.header('content-security-policy', CSP);
    }
    return payload;
  });
}

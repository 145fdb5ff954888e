import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactUrl } from './redact.js';

/**
 * One line per request when it is answered, instead of Fastify's pair ("incoming request",
 * "request completed"): method, path, status and time say it all. Health checks and the web app's
 * files are logged at debug only: a monitor polling /api/health every few seconds and a page's
 * assets would otherwise be most of the log.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${redactUrl(request.url)} ${status} ${ms} ms`;
    const fields = { req: request, res: { statusCode: status }, responseTime: ms };
    if (status >= 500) request.log.error(fields, line);
    else if (quiet(request)) request.log.debug(fields, line);
    else request.log.info(fields, line);
  });
}

/** /api/health, and GETs outside the API, MCP and OAuth (the web app and its assets). */
export function quiet(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  const path = request.url.split('?')[0]!;
  if (path === '/api/health' || path.startsWith('/api/health/')) return true;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !/^\/(api|mcp|oauth|\.well-known|authorize|token|register)(\/|$)/.test(path)
  );
}

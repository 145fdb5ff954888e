import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.js';
import type { Metrics } from './metrics.js';

/**
 * GET /metrics, the Prometheus text format (ADR 0032). Off unless METRICS_TOKEN is set; then only
 * a scraper sending `Authorization: Bearer <METRICS_TOKEN>` reads it: the figures say how much a
 * person stores and when they are active, which is nobody else's business. Not in the OpenAPI
 * document: it is for the monitoring system, not for API clients.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; token: string | undefined }> = async (
  app,
  { metrics, token },
) => {
  const expected = token ? Buffer.from(token) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) {
      throw new AppError(404, 'metrics_off', 'Metrics are off: set METRICS_TOKEN to turn them on');
    }
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const presented = Buffer.from(given ?? '');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      throw new AppError(401, 'unauthorized', 'Send Authorization: Bearer <METRICS_TOKEN>', undefined, {
        'www-authenticate': 'Bearer realm="cairn-metrics"',
      });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.text());
  });
};

/**
 * Every answered request into cairn_http_request_duration_seconds, labelled by its route's
 * pattern (`/api/traces/:id`), never the raw path.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.routeOptions.url,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

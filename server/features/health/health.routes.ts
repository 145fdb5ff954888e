import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './health.service.js';

const Healthy = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
});
const Unhealthy = z.object({
  status: z.literal('error'),
  reason: z.string(),
  database: z.enum(['pglite', 'postgres']),
});

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService; version: string }> = async (
  app,
  { health, version },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: Healthy, 503: Unhealthy },
      },
    },
    async (request, reply) => {
      const state = await health.check();
      if (state.ok) return { status: 'ok' as const, version, database: state.database };
      request.log.warn({ err: state.error }, 'health check: database unreachable');
      return reply
        .status(503)
        .send({ status: 'error' as const, reason: 'Database is not reachable', database: state.database });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/db.js';

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

const PING_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; version: string }> = async (
  app,
  { db, version },
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
      try {
        // A database that hangs is as down as one that refuses: answer within a bounded time.
        await withTimeout(db.ping(), PING_TIMEOUT_MS);
        return { status: 'ok' as const, version, database: db.kind };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ status: 'error' as const, reason: 'Database is not reachable', database: db.kind });
      }
    },
  );
};

import type { FastifyInstance } from 'fastify';
import type { AppDeps, Services } from '../services.js';
import { authRoutes } from './auth/auth.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { tracesRoutes } from './traces/traces.routes.js';

/** Every feature's routes, mounted in one place. */
export async function registerFeatures(
  app: FastifyInstance,
  deps: AppDeps,
  services: Services,
): Promise<void> {
  const { config, db } = deps;
  await app.register(healthRoutes, { db, version: config.version });
  await app.register(authRoutes, {
    auth: services.auth,
    users: services.users,
    allowRegistration: config.allowRegistration,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  await app.register(tracesRoutes, { traces: services.traces, stats: services.traceStats });
}

import type { FastifyInstance } from 'fastify';
import type { AppDeps, Services } from '../services.js';
import { accountRoutes } from './account/account.routes.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { backupsRoutes } from './backups/backups.routes.js';
import { sessionsRoutes } from './auth/sessions.routes.js';
import { contextRoutes } from './context/context.routes.js';
import { downloadsRoutes } from './downloads/downloads.routes.js';
import { loadStdioClient } from './downloads/stdio-client.js';
import { healthRoutes } from './health/health.routes.js';
import { mcpRoutes } from './mcp/mcp.routes.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import { serverInfoRoutes } from './server-info/server-info.routes.js';
import { oauthClientsRoutes } from './oauth/clients/clients.routes.js';
import { consentRoutes } from './oauth/consent/consent.routes.js';
import { oauthServerRoutes } from './oauth/server/oauth-server.routes.js';
import { projectsRoutes } from './projects/projects.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { historyRoutes } from './traces/history.routes.js';
import { tagsRoutes } from './traces/tags/tags.routes.js';
import { tracesRoutes } from './traces/traces.routes.js';
import { supersedeRoutes } from './traces/supersede.routes.js';

/** Every feature's routes, mounted in one place. */
export async function registerFeatures(
  app: FastifyInstance,
  deps: AppDeps,
  services: Services,
  options: { downloadsDir?: string } = {},
): Promise<void> {
  const { config } = deps;
  const stdioClient = loadStdioClient(options.downloadsDir);
  await app.register(healthRoutes, { health: services.health, version: config.version });
  await app.register(metricsRoutes, { metrics: services.metrics, token: config.metricsToken });
  await app.register(serverInfoRoutes, { config, stdioClientSha256: stdioClient?.sha256 ?? null });
  await app.register(downloadsRoutes, { stdioClient });
  await app.register(authRoutes, {
    auth: services.auth,
    users: services.users,
    allowRegistration: config.allowRegistration,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  await app.register(sessionsRoutes, { sessions: services.sessions });
  await app.register(apiKeysRoutes, { apiKeys: services.apiKeys });
  await app.register(oauthServerRoutes, { oauth: services.oauth });
  await app.register(oauthClientsRoutes, { clients: services.oauth.clients });
  await app.register(consentRoutes, { consent: services.oauth.consent });
  await app.register(tracesRoutes, {
    traces: services.traces,
    stats: services.traceStats,
    bulk: services.traceBulk,
  });
  await app.register(historyRoutes, { history: services.history });
  await app.register(supersedeRoutes, { traces: services.traces });
  await app.register(tagsRoutes, { tags: services.tags });
  await app.register(projectsRoutes, { projects: services.projects });
  await app.register(accountRoutes, { account: services.account, imports: services.imports });
  await app.register(mcpRoutes, {
    traces: services.traces,
    context: services.context,
    search: services.search,
    verifiers: services.verifiers,
    publicUrl: config.publicUrl,
    version: config.version,
  });
  await app.register(searchRoutes, { search: services.search });
  await app.register(contextRoutes, { context: services.context });
  await app.register(backupsRoutes, { backups: services.backups });
}

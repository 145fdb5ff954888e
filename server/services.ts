import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { looksLikeJwt } from './features/auth/access-tokens.js';
import { createAuthService, type LOGIN_LIMITS } from './features/auth/auth.service.js';
import { createStatsService } from './features/traces/stats.service.js';
import { createTracesService } from './features/traces/traces.service.js';
import { createUsersService } from './features/users/users.service.js';
import type { CredentialVerifier } from './http/authenticate.js';
import { createRateLimiter } from './http/rate-limit.js';
import type { Secrets } from './security/secrets.js';

/** What the process provides: configuration, the database, key material, a logger. */
export type AppDeps = {
  config: Config;
  db: Db;
  secrets: Secrets;
  log: FastifyBaseLogger;
  /** Tests loosen these to sign in many times from one address. */
  loginLimits?: typeof LOGIN_LIMITS;
};

/**
 * The composition root: every service is built once here and shared by REST routes, MCP tools and
 * the CLI, so there is one logic path per job.
 */
export function createServices(deps: AppDeps) {
  const { db, secrets, log } = deps;
  const rateLimiter = createRateLimiter(db);
  const users = createUsersService({ db, log });
  const auth = createAuthService({
    db,
    secrets,
    users,
    rateLimiter,
    ...(deps.loginLimits ? { loginLimits: deps.loginLimits } : {}),
  });

  const traces = createTracesService({
    db,
    log,
    // Placeholder: the automatic categoriser (issue 4) replaces this. Until then a create that
    // leaves category / importance / tags out gets the spec's defaults.
    categorise: async () => ({ category: 'context', importance: 'medium', tags: [] }),
  });
  const traceStats = createStatsService({
    db,
    // Placeholder: API keys and OAuth clients are being built; the lead wires their real count
    // ("used at least once") here at merge.
    countUsedIntegrations: async () => 0,
  });

  // Order matters only for tokens two verifiers could both accept; the shapes are disjoint.
  const verifiers: CredentialVerifier[] = [
    { accepts: looksLikeJwt, verify: (token) => auth.verifyAccessToken(token) },
  ];

  return { rateLimiter, users, auth, traces, traceStats, verifiers };
}

export type Services = ReturnType<typeof createServices>;

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { createAccountService } from './features/account/account.service.js';
import { createImportRunner } from './features/account/import-runner.js';
import { createImportService } from './features/account/import.service.js';
import { createEmbedder } from './embeddings/create-embedder.js';
import type { Embedder } from './embeddings/embedder.js';
import { looksLikeJwt } from './features/auth/access-tokens.js';
import { createApiKeysService } from './features/api-keys/api-keys.service.js';
import { apiKeyVerifier } from './features/api-keys/api-keys.verifier.js';
import { createAuthService, type LOGIN_LIMITS } from './features/auth/auth.service.js';
import { createSessionsService } from './features/auth/sessions.service.js';
import type { FetchMetadataDocument } from './features/oauth/server/cimd-fetch.js';
import { createOAuthServices } from './features/oauth/oauth.service.js';
import { createCategoriser } from './features/categorise/categoriser.js';
import { createEmbeddingWorker } from './features/embedding-queue/embedding-worker.js';
import { createHealthService } from './features/health/health.service.js';
import { createBackupsService } from './features/backups/backups.service.js';
import { createMaintenance } from './features/maintenance/maintenance.js';
import { createMetrics } from './features/metrics/metrics.js';
import { createSearchService } from './features/search/search.service.js';
import { createNearDuplicates, embeddingText } from './features/search/near-duplicates.js';
import { createStatsService } from './features/traces/stats.service.js';
import { createTracesService } from './features/traces/traces.service.js';
import { createTagsService } from './features/traces/tags/tags.service.js';
import { createTraceBulkService } from './features/traces/bulk.service.js';
import { createTraceBatch } from './features/traces/batch-create.js';
import { createHistoryService } from './features/traces/history.service.js';
import { createUsersService } from './features/users/users.service.js';
import { createProjectsService } from './features/projects/projects.service.js';
import { createContextService } from './features/context/context.service.js';
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
  /** Tests replace the fetch of unknown OAuth client metadata documents (the network edge). */
  fetchMetadataDocument?: FetchMetadataDocument;
  /** The embedding model; tests pass the fake (createTestApp) or ask for the real one. */
  embedder?: Embedder;
  /**
   * How long create waits for the new trace's vector (ADR 0018): within it, near-duplicates by
   * meaning are in the create answer and nothing is queued; past it the worker does both. 0: never.
   */
  inlineEmbeddingMs?: number;
  /** How long an import upload waits for its preview before answering 202 (IMPORT_STAGING.uploadWaitMs). */
  importUploadWaitMs?: number;
};

/**
 * Create's default budget for embedding a new trace inline (ADR 0018), counted from the start of
 * the create: within it the categoriser and the near-duplicate check have the trace's meaning;
 * past it they answer from its words, and the queue's interactive lane stores the vector when the
 * model finishes it (the embedding goes on: pending-vectors.ts; ADR 0025). The
 * bundled model takes ~11 ms for one text on an idle core, so 40 ms leaves room for a busy one and
 * still acknowledges within the 50 ms create target.
 */
export const INLINE_EMBEDDING_MS = 40;

/**
 * The composition root: every service is built once here and shared by REST routes, MCP tools and
 * the CLI, so there is one logic path per job.
 */
export function createServices(deps: AppDeps) {
  const { db, secrets, log } = deps;
  const rateLimiter = createRateLimiter(db);
  const users = createUsersService({ db, log, rateLimiter });
  // Projects (ADR 0029) ask the traces service, built below, only when called.
  const projects = createProjectsService({
    db,
    traces: {
      counts: (tx, userId) => traces.projectTraces.counts(tx, userId),
      release: (tx, userId, projectId, mode) => traces.projectTraces.release(tx, userId, projectId, mode),
    },
  });
  const apiKeys = createApiKeysService({ db, secrets, log, projects });

  const oauth = createOAuthServices({
    db,
    config: deps.config,
    rateLimiter,
    log,
    projects,
    ...(deps.fetchMetadataDocument ? { fetchMetadataDocument: deps.fetchMetadataDocument } : {}),
  });
  const auth = createAuthService({
    db,
    secrets,
    users,
    rateLimiter,
    registrationLimit: { limit: deps.config.registrationsPerHour, windowSeconds: 60 * 60 },
    ...(deps.loginLimits ? { loginLimits: deps.loginLimits } : {}),
    // A password change "someone may have my password" (ADR 0022) ends keys and grants with it.
    revokeIntegrations: async (tx, userId) => {
      await apiKeys.revokeAll(tx, userId);
      await oauth.revokeAllGrants(tx, userId);
    },
  });

  // Hybrid search (ADR 0008): one embedder for queries and the queue; a trace's embedding is
  // queued in the transaction that writes it, and the worker is nudged to pick it up at once.
  const embedder = deps.embedder ?? createEmbedder(deps.config.embeddings);
  // The categoriser reads a trace's vector only if it comes from the model its weights were
  // trained on (the bundled one); with EMBEDDINGS_URL it answers from the words alone.
  const categoriser = createCategoriser({ embeddingModel: embedder.modelId });
  const nearDuplicates = createNearDuplicates({ model: embedder.modelId });
  const embeddingWorker = createEmbeddingWorker({
    db,
    embedder,
    log,
    afterStore: (tx, stored) => nearDuplicates.afterEmbedded(tx, stored),
  });
  const inlineMs = deps.inlineEmbeddingMs ?? INLINE_EMBEDDING_MS;
  const traces = createTracesService({
    db,
    log,
    projects,
    categorise: (input, userTags, vector) => categoriser.categorise(input, userTags, vector),
    onContentChanged: (tx, traceId, opts) => embeddingWorker.enqueue(tx, traceId, opts),
    onContentChangedMany: (tx, traceIds) => embeddingWorker.enqueueMany(tx, traceIds),
    ...(inlineMs > 0
      ? {
          embedInline: (draft) => embeddingWorker.embedInline(embeddingText(draft), inlineMs),
          storeVector: (traceId, userId, draft, vector) =>
            embeddingWorker.storeEmbedded(traceId, userId, embeddingText(draft), vector),
        }
      : {}),
    findSimilarByWords: (tx, userId, draft) => nearDuplicates.findByWords(tx, userId, draft),
    findSimilarByMeaning: (tx, userId, byWords, vector) =>
      nearDuplicates.withMeaning(tx, userId, byWords, vector),
    recordSimilar: (tx, userId, traceId, similar) => nearDuplicates.record(tx, userId, traceId, similar),
    findPossiblyOutdated: (tx, userId, traceId, vector) =>
      nearDuplicates.possiblyOutdated(tx, userId, traceId, vector),
  });
  const metrics = createMetrics({ enabled: Boolean(deps.config.metricsToken) });
  const searchService = createSearchService({ db, embedder, traces, projects, nearDuplicates, log });
  const search = { ...searchService, search: metrics.timeSearch(searchService.search) };
  const context = createContextService({ db, traces, search, projects });
  const traceStats = createStatsService({
    db,
    // "Integrations" on the dashboard: API keys and OAuth clients used at least once.
    countUsedIntegrations: async (userId) =>
      (await apiKeys.countUsed(userId)) + (await oauth.clients.countUsed(userId)),
  });

  // A trace's versions (ADR 0033); a restore is an edit through the traces service.
  const history = createHistoryService({
    db,
    edit: (principal, id, input) => traces.update(principal, id, input),
  });
  const account = createAccountService({ users, traces, history });
  // Import jobs run in the background, a chunk at a time (docs/decisions/0019-import-export-formats.md).
  const traceBatch = createTraceBatch({
    db,
    log,
    categorise: (input, userTags) => categoriser.categorise(input, userTags),
    enqueueMany: (tx, traceIds) => embeddingWorker.enqueueMany(tx, traceIds),
    projects,
  });
  const importRunner = createImportRunner({ db, traceBatch, log });
  const imports = createImportService({
    db,
    findSimilar: (tx, userId, draft) => nearDuplicates.find(tx, userId, draft, null),
    log,
    uploadWaitMs: deps.importUploadWaitMs,
    onStarted: () => importRunner.kick(),
  });

  // Order matters only for tokens two verifiers could both accept; the shapes are disjoint.
  const verifiers: CredentialVerifier[] = [
    { accepts: looksLikeJwt, verify: (token) => auth.verifyAccessToken(token) },
    apiKeyVerifier(apiKeys),
    oauth.verifier,
  ];

  // Retention (docs/decisions/0016): one schedule, each feature erasing its own expired rows.
  const maintenance = createMaintenance({
    db,
    log,
    sweeps: {
      traces: (now) => traces.deleteExpired(now),
      sessions: (now) => auth.deleteExpired(now),
      rateLimits: (now) => rateLimiter.deleteExpired(now),
      oauth: (now) => oauth.deleteExpired(now),
      imports: (now) => imports.deleteExpired(now),
    },
  });

  metrics.watch({
    embeddingQueue: () => embeddingWorker.counts(),
    importJobs: () => imports.jobsByStatus(),
    database: () => db.stats?.(),
    embedder: () => embedder.stats?.(),
  });

  return {
    metrics,
    health: createHealthService({ db }),
    rateLimiter,
    users,
    auth,
    sessions: createSessionsService({ db }),
    apiKeys,
    oauth,
    traces,
    projects,
    context,
    traceStats,
    traceBulk: createTraceBulkService({ db, projects }),
    history,
    tags: createTagsService({ db }),
    traceBatch,
    account,
    imports,
    importRunner,
    verifiers,
    embedder,
    embeddingWorker,
    search,
    maintenance,
    backups: createBackupsService({ config: deps.config, db, log }),
  };
}

export type Services = ReturnType<typeof createServices>;

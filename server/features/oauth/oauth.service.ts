import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/db.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { createAuthorizeService } from './server/authorize.service.js';
import { createMetadataFetcher, type FetchMetadataDocument } from './server/cimd-fetch.js';
import { clientRecords } from './clients/client-records.js';
import { createOAuthClientsService } from './clients/clients.service.js';
import { createConsentService } from './consent/consent.service.js';
import { deleteExpiredGrants, revokeAllGrants } from './server/grants.js';
import { createRegisterService } from './server/register.service.js';
import { createTokenService } from './server/token.service.js';
import { createOAuthVerifier } from './server/verifier.js';

/**
 * Everything the OAuth feature builds, wired once in server/services.ts (docs/decisions/0016):
 * - server/  the OAuth 2.1 authorization server MCP clients talk to (discovery, /oauth/authorize,
 *            /oauth/token, /oauth/register, /oauth/revoke) and the verifier of its access tokens;
 * - clients/ the OAuth Clients page's REST API (a person's own clients);
 * - consent/ the consent page's REST API (approve or deny one pending request).
 */
export function createOAuthServices(deps: {
  db: Db;
  config: Config;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** What the consent page offers and checks when a grant is limited to one project (ADR 0029). */
  projects: Pick<ProjectsService, 'namesInUse' | 'inUseByName'>;
  /** The network edge for unknown metadata-document client ids; tests pass a fake. */
  fetchMetadataDocument?: FetchMetadataDocument;
}) {
  const { db, config, rateLimiter, log } = deps;
  const publicUrl = config.publicUrl;
  const dynamicRegistration = config.oauthDynamicRegistration;
  return {
    publicUrl,
    dynamicRegistration,
    clients: createOAuthClientsService({ db, publicUrl, dynamicRegistration }),
    authorize: createAuthorizeService({
      db,
      publicUrl,
      rateLimiter,
      fetchMetadataDocument: deps.fetchMetadataDocument ?? createMetadataFetcher(),
      log,
    }),
    consent: createConsentService({ db, publicUrl, projects: deps.projects }),
    tokens: createTokenService({ db, publicUrl, log }),
    register: createRegisterService({ db, rateLimiter }),
    verifier: createOAuthVerifier({ db, publicUrl }),
    /** Ends every grant of the user inside the caller's transaction (password change, ADR 0022). */
    revokeAllGrants: (tx: Tx, userId: string) => revokeAllGrants(tx, userId),
    /**
     * Retention, run by the maintenance schedule: expired requests, codes and tokens, and dynamic
     * clients nobody approved in time. Pre-authentication rows of every user, so asSystem.
     */
    deleteExpired: (now: Date) =>
      db.asSystem(async (tx) => ({
        ...(await deleteExpiredGrants(tx, now)),
        unclaimedClients: await clientRecords.deleteUnclaimedDynamic(tx, now),
      })),
  };
}

export type OAuthServices = ReturnType<typeof createOAuthServices>;

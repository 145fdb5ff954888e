import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { createAuthorizeService } from './authorize.service.js';
import { createMetadataFetcher, type FetchMetadataDocument } from './cimd-fetch.js';
import { createOAuthClientsService } from './clients.service.js';
import { createConsentService } from './consent.service.js';
import { createRegisterService } from './register.service.js';
import { createTokenService } from './token.service.js';
import { createOAuthVerifier } from './verifier.js';

/** Everything the OAuth feature builds, wired once in server/services.ts. */
export function createOAuthServices(deps: {
  db: Db;
  config: Config;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
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
    }),
    consent: createConsentService({ db, publicUrl }),
    tokens: createTokenService({ db, publicUrl, log }),
    register: createRegisterService({ db, rateLimiter }),
    verifier: createOAuthVerifier({ db, publicUrl }),
  };
}

export type OAuthServices = ReturnType<typeof createOAuthServices>;

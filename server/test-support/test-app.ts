import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ApiKeyPermission } from '../../contract/api-keys.js';
import type { CreateTraceRequest, CreateTraceResponse } from '../../contract/traces.js';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { LOGIN_LIMITS } from '../features/auth/auth.service.js';
import type { Db } from '../db/db.js';
import type { Embedder } from '../embeddings/embedder.js';
import { createFakeEmbedder } from '../embeddings/fake-embedder.js';
import { resolvePrincipal } from '../http/authenticate.js';
import type { Principal } from '../http/principal.js';
import type { LogStream } from '../http/redact.js';
import { loadSecrets } from '../security/secrets.js';
import type { Services } from '../services.js';
import { freePort } from './free-port.js';
import { clientFor, type Credential, type TestClient } from './test-client.js';
import {
  createApiKey,
  createOAuthToken,
  createTrace,
  signUp,
  type TestApiKey,
  type TestOAuthToken,
  type TestUser,
} from './test-credentials.js';
import { openTestDatabase } from './test-db.js';

export type { Credential, TestClient, TestResponse } from './test-client.js';
export type { TestApiKey, TestOAuthToken, TestUser } from './test-credentials.js';

type App = FastifyInstance & { services: Services };

export type TestApp = {
  app: App;
  db: Db;
  config: Config;
  /** `http://127.0.0.1:<port>` when started with `listen: true`. */
  baseUrl: string | undefined;
  close(): Promise<void>;
  /** A new person, signed in through the real login route. */
  signUp(opts?: { email?: string; password?: string }): Promise<TestUser>;
  /** A real API key made by `user` (both permissions unless told otherwise). */
  apiKey(
    user: TestUser,
    opts?: { permissions?: ApiKeyPermission[]; name?: string; project?: string },
  ): Promise<TestApiKey>;
  /**
   * A real OAuth access token for `user`, through client registration, consent (limited to
   * `project`, an existing project's name, when given) and code exchange.
   */
  oauthToken(user: TestUser, opts?: { scopes?: string[]; project?: string }): Promise<TestOAuthToken>;
  /** Creates a trace through POST /api/traces as `credential`. */
  trace(credential: Credential, fields: CreateTraceRequest): Promise<CreateTraceResponse>;
  /** Requests signed in as `credential` (a user, key or token), or anonymous for null. */
  as(credential: Credential | null): TestClient;
  /**
   * The Principal `credential` becomes, through the app's own verifiers (what every request's
   * authentication does), for tests that call a service directly. An OAuth token is verified as
   * /mcp does, the only place it is accepted.
   */
  principal(credential: Credential): Promise<Principal>;
};

/**
 * A real app on a real, migrated database (in-memory PGlite, or PostgreSQL under
 * TEST_DATABASE_URL; nothing faked). Each call is an isolated database, so test files never see
 * each other's rows. With `listen: true` it also serves on 127.0.0.1 (for SDK clients, fetch and
 * child processes); PUBLIC_URL is then that very address unless env sets one.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    db?: Db;
    webDir?: string;
    downloadsDir?: string;
    /** Turns logging on (at LOG_LEVEL, so pass one in env) and collects the lines here. */
    logStream?: LogStream;
    /**
     * The embedding model: the fake (feature hashing, instant) unless a test that measures
     * quality passes the real one. The embedding worker is not started: tests call
     * app.services.embeddingWorker.drain() (or start()) when they need vectors.
     */
    embedder?: Embedder;
    /**
     * Create's budget for embedding a new trace inline (services.ts; 250 ms in production). 0 by
     * default here, so a new trace's text is queued as it always was and tests drain the queue;
     * tests of near-duplicates by meaning on create pass a budget.
     */
    inlineEmbeddingMs?: number;
    /** Adds test-only routes before the app is sealed by ready(). */
    beforeReady?: (app: App) => void | Promise<void>;
    /** Sign-in rate limits; by default loose, so a test file can sign in many times from one address. */
    loginLimits?: typeof LOGIN_LIMITS;
    /** Other dependencies to replace, only at the network edge (e.g. a metadata-document fetch). */
    deps?: Partial<Omit<Parameters<typeof buildApp>[0], 'config' | 'db' | 'secrets'>>;
    /** Also listen on 127.0.0.1 (on `port`, or a free one). */
    listen?: boolean;
    port?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-test-'));
  // The port is chosen before the config so PUBLIC_URL can be the real address.
  const port = opts.listen ? (opts.port ?? (env.PUBLIC_URL ? 0 : await freePort())) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...env,
  });
  const owned = opts.db ? undefined : await openTestDatabase();
  const db = opts.db ?? owned!.db;
  const secrets = loadSecrets({ secretKey: randomBytes(32).toString('hex'), dataDir });
  const app = await buildApp(
    {
      embedder: opts.embedder ?? createFakeEmbedder(),
      inlineEmbeddingMs: opts.inlineEmbeddingMs ?? 0,
      loginLimits: opts.loginLimits ?? {
        perEmail: { limit: 1000, windowSeconds: 900 },
        perIp: { limit: 1000, windowSeconds: 900 },
      },
      ...opts.deps,
      config,
      db,
      secrets,
    },
    {
      logger: opts.logStream !== undefined,
      ...(opts.logStream ? { logStream: opts.logStream } : {}),
      webDir: opts.webDir ?? path.join(dataDir, 'no-web'),
      downloadsDir: opts.downloadsDir ?? path.join(dataDir, 'no-downloads'),
    },
  );
  await opts.beforeReady?.(app);
  await app.ready();
  let baseUrl: string | undefined;
  if (port !== undefined) {
    await app.listen({ host: '127.0.0.1', port });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test app has no TCP address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  }
  return {
    app,
    db,
    config,
    baseUrl,
    async close() {
      await app.close();
      await owned?.close();
    },
    signUp: (o) => signUp(app, o),
    apiKey: (user, o) => createApiKey(app, user, o),
    oauthToken: (user, o) => createOAuthToken(app, config.publicUrl, user, o),
    trace: (credential, fields) => createTrace(app, credential, fields),
    as: (credential) => clientFor(app, credential),
    async principal(credential) {
      // An OAuth token is issued for /mcp and only verifies there; every other credential is REST's.
      const audience = credential.token.startsWith('coat_') ? 'mcp' : 'rest';
      const principal = await resolvePrincipal(credential.token, app.services.verifiers, audience);
      if (!principal) throw new Error('the credential does not verify');
      return principal;
    },
  };
}

/**
 * Creates an account through the real service and signs it in; returns the bearer header.
 * The older spelling of `t.signUp()`, for suites written before the kit.
 */
export async function signUpAndLogin(app: App, email?: string, password?: string): Promise<TestUser> {
  return signUp(app, { ...(email ? { email } : {}), ...(password ? { password } : {}) });
}

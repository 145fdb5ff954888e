import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { LOGIN_LIMITS } from '../features/auth/auth.service.js';
import type { Db } from '../db/db.js';
import type { Embedder } from '../embeddings/embedder.js';
import { createFakeEmbedder } from '../embeddings/fake-embedder.js';
import type { LogStream } from '../http/redact.js';
import { loadSecrets } from '../security/secrets.js';
import type { Services } from '../services.js';
import { openTestDatabase } from './test-db.js';

/**
 * A real app on a real, migrated database (in-memory PGlite, or PostgreSQL under
 * TEST_DATABASE_URL; nothing faked). Each call is an isolated
 * database, so test files never see each other's rows.
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
    /** Adds test-only routes before the app is sealed by ready(). */
    beforeReady?: (app: FastifyInstance & { services: Services }) => void | Promise<void>;
    /** Sign-in rate limits; by default loose, so a test file can sign in many times from one address. */
    loginLimits?: typeof LOGIN_LIMITS;
  } = {},
): Promise<{
  app: FastifyInstance & { services: Services };
  db: Db;
  config: Config;
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const owned = opts.db ? undefined : await openTestDatabase();
  const db = opts.db ?? owned!.db;
  const secrets = loadSecrets({ secretKey: randomBytes(32).toString('hex'), dataDir });
  const app = await buildApp(
    {
      config,
      db,
      secrets,
      embedder: opts.embedder ?? createFakeEmbedder(),
      loginLimits: opts.loginLimits ?? {
        perEmail: { limit: 1000, windowSeconds: 900 },
        perIp: { limit: 1000, windowSeconds: 900 },
      },
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
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await owned?.close();
    },
  };
}

/** Creates an account through the real service and signs it in; returns the bearer header. */
export async function signUpAndLogin(
  app: FastifyInstance & { services: Services },
  email = `user-${randomBytes(4).toString('hex')}@example.com`,
  password = 'correct horse battery',
): Promise<{
  userId: string;
  email: string;
  password: string;
  token: string;
  headers: { authorization: string };
}> {
  const user = await app.services.users.create(email, password);
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = (res.json() as { access_token: string }).access_token;
  return { userId: user.id, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only place that reads process.env. Validated at boot; a bad value stops the process with a
 * message naming the variable, instead of failing later in a request.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Which X-Forwarded-For hops to believe. `false`: none (the socket's address is the client).
 * A number n: the n proxies nearest to Cairn (`1` for one reverse proxy in front). A list of IP
 * addresses or CIDR ranges: only proxies at those addresses. `true` believes any sender, so a
 * client that reaches Cairn directly can pick its own address; kept for compatibility only.
 */
export type TrustProxy = boolean | number | string[];

const trustProxyFromEnv = z.string().transform((raw, ctx): TrustProxy => {
  const v = raw.trim().toLowerCase();
  // "1" is a hop count (one proxy), not "on": "on" would believe a forged header.
  if (['true', 'yes'].includes(v)) return true;
  if (['false', 'no', '', '0'].includes(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isIpOrCidr(e));
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a hop count (1) or a comma-separated list of IP addresses or CIDR ranges; "${bad}" is none of them`,
    });
    return z.NEVER;
  }
  return entries;
});

function isIpOrCidr(entry: string): boolean {
  const [addr, prefix, ...rest] = entry.split('/');
  if (rest.length || !addr) return false;
  const family = isIP(addr);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  ALLOW_REGISTRATION: booleanFromEnv.default(false),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // One readable line per event for a person at a terminal, JSON lines for a log collector.
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  EMBEDDINGS_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  EMBEDDINGS_URL: z.url().optional(),
  EMBEDDINGS_MODEL: z.string().min(1).optional(),
  EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  // Prepended to queries / stored texts for models trained with prefixes (nomic, e5, bge).
  EMBEDDINGS_QUERY_PREFIX: z.string().optional(),
  EMBEDDINGS_DOCUMENT_PREFIX: z.string().optional(),
  OAUTH_DYNAMIC_REGISTRATION: booleanFromEnv.default(true),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(10_000).default(16),
  REQUEST_QUEUE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  // The embedded database's buffer pool, in MiB (ADR 0025: memory against cache misses).
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).optional(),
  // GET /metrics (Prometheus) is off without it; a scraper sends it as a bearer token (ADR 0032).
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,256}$/, 'must be 16 to 256 characters without spaces (try: openssl rand -hex 24)')
    .optional(),
  // Scheduled backups of the embedded database (docs/decisions/0031-backups.md); 0 turns them off.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(8760).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded database's buffer pool in MiB (PGlite only; unset: its default, ADR 0025). */
  pgliteSharedBuffersMb: number | undefined;
  publicUrl: string;
  allowRegistration: boolean;
  /** Open registrations one address may make per hour (ADR 0022). */
  registrationsPerHour: number;
  secretKey: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Unset: pretty when stdout is a terminal, JSON otherwise (server/http/pretty-log.ts). */
  logFormat: 'pretty' | 'json' | undefined;
  trustProxy: TrustProxy;
  embeddings: {
    threads: number | undefined;
    url: string | undefined;
    model: string | undefined;
    apiKey: string | undefined;
    queryPrefix?: string | undefined;
    documentPrefix?: string | undefined;
  };
  oauthDynamicRegistration: boolean;
  /** Bounded queueing and the per-request deadline (server/http/overload.ts, ADR 0021). */
  overload: { timeoutMs: number; maxConcurrent: number; queueMs: number };
  /** Unset: GET /metrics answers 404 (server/features/metrics, ADR 0032). */
  metricsToken: string | undefined;
  /**
   * Backups (ADR 0031). `dir` defaults to a sibling of DATA_DIR (`<DATA_DIR>-backups`), so a lost
   * or wiped data directory does not take its backups with it. `intervalHours` 0: no scheduled
   * backups; they never run on PostgreSQL, whose own tools (pg_dump) back it up.
   */
  backup: { dir: string; intervalHours: number; keep: number };
  version: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const hostForUrl = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${hostForUrl}:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    publicUrl,
    allowRegistration: e.ALLOW_REGISTRATION,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    secretKey: e.SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    embeddings: {
      threads: e.EMBEDDINGS_THREADS,
      url: e.EMBEDDINGS_URL,
      model: e.EMBEDDINGS_MODEL,
      apiKey: e.EMBEDDINGS_API_KEY,
      queryPrefix: e.EMBEDDINGS_QUERY_PREFIX,
      documentPrefix: e.EMBEDDINGS_DOCUMENT_PREFIX,
    },
    oauthDynamicRegistration: e.OAUTH_DYNAMIC_REGISTRATION,
    overload: {
      timeoutMs: e.REQUEST_TIMEOUT_MS,
      maxConcurrent: e.MAX_CONCURRENT_REQUESTS,
      queueMs: e.REQUEST_QUEUE_MS,
    },
    metricsToken: e.METRICS_TOKEN,
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? `${path.resolve(e.DATA_DIR)}-backups`),
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
    },
    version: readVersion(),
  };
}

function readVersion(): string {
  // package.json sits at the repository root, two levels above both server/ and dist/server/.
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'cairn' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0';
}

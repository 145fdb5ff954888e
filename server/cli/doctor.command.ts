import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { acquireDataDirLock, dataDirLockHolder } from '../db/data-dir-lock.js';
import type { Db } from '../db/db.js';
import { readMigrations } from '../db/migrate.js';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import { createEmbedder } from '../embeddings/create-embedder.js';
import { listBackups } from '../features/backups/backups.service.js';
import { commandArgs } from './io.js';

export const DOCTOR_USAGE = `Usage:
  npm run cairn -- doctor

Checks what a running Cairn needs: the configuration, the data directory's modes and lock (is a
server running?), the database and its migrations, the embedding model, the age of the latest
backup, and whether PUBLIC_URL is public HTTPS (claude.ai and ChatGPT need it). One line per check,
with what to do; exits 1 when something is wrong (warnings alone exit 0).`;

type Level = 'ok' | 'warn' | 'fail';
type Check = { level: Level; name: string; message: string };

const LABEL: Record<Level, string> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' };

/** How long the model may take to load and embed one text (the bundled one takes seconds). */
const MODEL_TIMEOUT_MS = 120_000;

/** `cairn doctor`: reads, never changes anything (no migration, no data directory created). */
export async function runDoctorCommand(
  argv: string[],
  _ctx: unknown,
  out: (line: string) => void,
): Promise<void> {
  const { help } = commandArgs(argv, {}, DOCTOR_USAGE);
  if (help) return out(DOCTOR_USAGE);
  const checks: Check[] = [];
  const report = (level: Level, name: string, message: string) => {
    checks.push({ level, name, message });
    out(`${LABEL[level]}  ${name.padEnd(13)} ${message}`);
  };
  let config: Config;
  try {
    config = loadConfig();
    report('ok', 'configuration', 'every setting parses');
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    report('fail', 'configuration', `${err.message.replace(/\n\s*/g, ' ')} (fix these variables)`);
    process.exitCode = 1;
    return;
  }
  checkDataDir(config, report);
  const holder = existsSync(config.dataDir) ? await dataDirLockHolder(config.dataDir) : undefined;
  if (config.databaseUrl) report('ok', 'lock', 'PostgreSQL: several servers may share it, no lock needed');
  else if (holder)
    report('ok', 'lock', `a server is running on this data directory (pid ${holder.pid} on ${holder.host})`);
  else report('ok', 'lock', 'no server is running on this data directory');
  await checkDatabase(config, holder !== undefined, report);
  await checkModel(config, report);
  await checkBackups(config, report);
  checkPublicUrl(config.publicUrl, report);
  if (checks.some((c) => c.level === 'fail')) process.exitCode = 1;
}

type Report = (level: Level, name: string, message: string) => void;

function checkDataDir(config: Config, report: Report): void {
  const dir = config.dataDir;
  if (!existsSync(dir))
    return report(
      'warn',
      'data dir',
      `${dir} does not exist yet: the server creates it (0700) on first start`,
    );
  const loose: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    if ((statSync(current).mode & 0o077) !== 0) loose.push(current);
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile() && (lstatSync(full).mode & 0o077) !== 0) loose.push(full);
    }
  }
  if (loose.length)
    report(
      'fail',
      'data dir',
      `${loose.length} file(s) others may read, e.g. ${loose[0]}: run chmod -R go-rwx ${dir} (the server also tightens them at start)`,
    );
  else report('ok', 'data dir', `${dir} is readable by its owner only`);
}

async function checkDatabase(config: Config, serverRuns: boolean, report: Report): Promise<void> {
  if (!config.databaseUrl && serverRuns) {
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/health`;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.ok)
        report('ok', 'database', `the running server answers ${url}; it applied the migrations at start`);
      else report('fail', 'database', `the running server answers ${url} with ${res.status}: see its log`);
    } catch (err) {
      report(
        'fail',
        'database',
        `the server holds the lock but ${url} does not answer (${(err as Error).message})`,
      );
    }
    return;
  }
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')))
    return report('warn', 'database', 'no embedded database yet: the server creates it on first start');
  let db: Db | undefined;
  let release = () => {};
  try {
    if (config.databaseUrl) db = await openPostgres(config.databaseUrl);
    else {
      const lock = await acquireDataDirLock(config.dataDir);
      release = () => lock.release();
      db = await openPglite(path.join(config.dataDir, 'pglite'));
    }
    const applied = await db.asSystem(async (tx) => {
      const [exists] = await tx.query<{ t: string | null }>(
        "SELECT to_regclass('schema_migrations')::text AS t",
      );
      if (!exists?.t) return new Set<string>();
      return new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
    });
    const pending = (await readMigrations()).filter((m) => !applied.has(m.id));
    report('ok', 'database', `${db.kind === 'postgres' ? 'PostgreSQL' : 'the embedded database'} answers`);
    if (pending.length)
      report(
        'warn',
        'migrations',
        `${pending.length} not applied yet (${pending[0]!.id}…): the server applies them at its next start`,
      );
    else report('ok', 'migrations', `all ${applied.size} applied`);
  } catch (err) {
    report(
      'fail',
      'database',
      `cannot open it: ${(err as Error).message}${config.databaseUrl ? ' (check DATABASE_URL and that the server is up)' : ''}`,
    );
  } finally {
    await db?.close().catch(() => {});
    release();
  }
}

async function checkModel(config: Config, report: Report): Promise<void> {
  let embedder: ReturnType<typeof createEmbedder> | undefined;
  try {
    embedder = createEmbedder(config.embeddings);
    const [vector] = await Promise.race([
      embedder.embed(['cairn doctor']),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`no vector within ${MODEL_TIMEOUT_MS / 1000} s`)),
          MODEL_TIMEOUT_MS,
        ).unref(),
      ),
    ]);
    report('ok', 'model', `${embedder.modelId} loads and embeds (${vector?.length ?? 0} dimensions)`);
  } catch (err) {
    const fix = config.embeddings.url
      ? 'check EMBEDDINGS_URL, EMBEDDINGS_MODEL and EMBEDDINGS_API_KEY'
      : 'reinstall (npm ci)';
    report('fail', 'model', `the embedding model does not work: ${(err as Error).message} (${fix})`);
  } finally {
    await embedder?.close().catch(() => {});
  }
}

async function checkBackups(config: Config, report: Report): Promise<void> {
  const { dir, intervalHours } = config.backup;
  if (config.databaseUrl)
    return report(
      'ok',
      'backups',
      'PostgreSQL: back it up with pg_dump (see Backups in the README); not checked here',
    );
  if (existsSync(dir) && (statSync(dir).mode & 0o077) !== 0)
    report('fail', 'backups', `${dir} is open to others: run chmod 700 ${dir}`);
  const [latest] = await listBackups(dir);
  const when = latest ? `${latest.createdAt.toISOString()} (${latest.file})` : '';
  if (intervalHours === 0)
    return report(
      'warn',
      'backups',
      `scheduled backups are off (BACKUP_INTERVAL_HOURS=0)${latest ? `; latest ${when}` : ''}`,
    );
  if (!latest)
    return report(
      'warn',
      'backups',
      `none in ${dir} yet: a running server makes one a minute after start (or stop it and run npm run cairn -- backup)`,
    );
  const ageHours = (Date.now() - latest.createdAt.getTime()) / 3_600_000;
  if (ageHours > 2 * intervalHours)
    report(
      'warn',
      'backups',
      `the latest is ${Math.round(ageHours)} h old, ${when}: is the server running? see its log for "backup failed"`,
    );
  else report('ok', 'backups', `latest ${when}`);
}

function checkPublicUrl(publicUrl: string, report: Report): void {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    (!host.includes('.') && !isIP(host)) ||
    (isIP(host) !== 0 && isPrivateAddress(host));
  if (url.protocol === 'https:' && !local) return report('ok', 'public url', `${publicUrl} is public HTTPS`);
  report(
    'warn',
    'public url',
    `${publicUrl} is ${url.protocol === 'https:' ? 'not a public address' : 'not HTTPS'}: claude.ai and ChatGPT reach Cairn only at a public https:// address (set PUBLIC_URL behind a reverse proxy with TLS); local clients work as is`,
  );
}

function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 6) return ip === '::1' || /^f[cd]/i.test(ip) || /^fe80/i.test(ip);
  const [a, b] = ip.split('.').map(Number) as [number, number];
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    a === 0
  );
}

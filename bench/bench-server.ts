// A real Cairn server process for the benches that drive one over HTTP (soak, overload):
// `server/main.ts` on 127.0.0.1 with a throwaway DATA_DIR (embedded PGlite, the bundled model), or
// TEST_DATABASE_URL's PostgreSQL as DATABASE_URL; an owner and an API key made through the API.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, processGroup } from '../tests/support/processes.js';
import { log, type Percentiles } from './bench-support.js';

export type BenchServer = {
  base: string;
  pid: number;
  engine: string;
  /** Headers of the API key's requests (JSON bodies). */
  headers: Record<string, string>;
  /** The server's resident memory now (VmRSS), in MB. */
  rssMb(): number;
  /** Logs the server's last output lines, ends it and removes its data. */
  stop(): Promise<void>;
};

export async function startBenchServer(name: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cairn-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const processes = processGroup();
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const engine = databaseUrl ? 'postgresql' : 'pglite (on disk)';
  log(`${name}: starting a server on ${base} (${engine})`);
  const server = await processes.startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const pid = server.child.pid!;
  const stop = async () => {
    // The server's warnings (timeouts, shed requests) explain a bad minute.
    const said = server.output().trim().split('\n').filter(Boolean);
    if (said.length)
      log(`${name}: server said (last 20 of ${said.length} lines):\n${said.slice(-20).join('\n')}`);
    processes.killAll();
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
    // The server's scheduled backups go beside DATA_DIR (ADR 0031).
    rmSync(`${dataDir}-backups`, { recursive: true, force: true });
  };
  try {
    const setup = await fetch(`${base}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${name}@example.com`, password: 'correct horse battery staple' }),
    });
    if (setup.status !== 201) throw new Error(`setup: ${setup.status} ${await setup.text()}`);
    const session = ((await setup.json()) as { access_token: string }).access_token;
    const created = await fetch(`${base}/api/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({ name }),
    });
    if (created.status !== 201) throw new Error(`api key: ${created.status} ${await created.text()}`);
    const key = ((await created.json()) as { key: string }).key;
    return {
      base,
      pid,
      engine,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      rssMb: () => {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** One timed answer (status 0: none, the connection failed or 60 s passed, `failure` says why). */
export type Answer = { at: number; ms: number; status: number; retryAfter: boolean; failure?: string };

/** Sends one request and times its whole answer; never throws. */
export async function timed(url: string, init: RequestInit = {}): Promise<Answer & { body: string }> {
  const at = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    const body = await res.text();
    return {
      at,
      ms: performance.now() - at,
      status: res.status,
      retryAfter: res.headers.has('retry-after'),
      body,
    };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const failure = cause?.code ?? cause?.message ?? (err as Error).name;
    return { at, ms: performance.now() - at, status: 0, retryAfter: false, failure, body: '' };
  }
}

/** `/api/health` asked every `everyMs` as a load balancer would, until stopped. */
export function healthProbe(base: string, everyMs = 250) {
  const answers: Answer[] = [];
  const pending: Promise<void>[] = [];
  const timer = setInterval(
    () => pending.push(timed(`${base}/api/health`).then(({ body: _, ...a }) => void answers.push(a))),
    everyMs,
  );
  return {
    answers,
    async stop(): Promise<Answer[]> {
      clearInterval(timer);
      await Promise.all(pending);
      return answers;
    },
  };
}

export type { Percentiles };

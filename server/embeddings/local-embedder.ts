import { availableParallelism } from 'node:os';
import { assertEmbeddable, type Embedder } from './embedder.js';
import { createWorkerPool, type WorkerPoolOptions } from './worker-pool.js';
import { startWorker } from './worker-entry.js';
import { USE_LITE_DIMENSION } from './worker-protocol.js';

export const LOCAL_MODEL_ID = `use-lite-${USE_LITE_DIMENSION}`;

/** One core is left to the event loop and the database (PGlite runs on the main thread). */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export type LocalEmbedder = Embedder & {
  stats(): { workers: number; ready: number; busy: number; queued: number };
};

/** The bundled Universal Sentence Encoder lite, in worker threads; nothing is downloaded. */
export function createLocalEmbedder(
  options: { threads?: number | undefined } & Omit<WorkerPoolOptions, 'size' | 'startWorker'> = {},
): LocalEmbedder {
  const { threads, ...poolOptions } = options;
  const pool = createWorkerPool({
    ...poolOptions,
    size: threads ?? defaultThreads(),
    startWorker: () => startWorker('local-model'),
  });
  return {
    modelId: LOCAL_MODEL_ID,
    dimension: () => Promise.resolve(USE_LITE_DIMENSION),
    async embed(texts, callOptions) {
      assertEmbeddable(texts);
      return pool.embed(texts, callOptions);
    },
    close: () => pool.close(),
    stats: () => pool.stats(),
  };
}

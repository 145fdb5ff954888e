import { availableParallelism } from 'node:os';
import { assertEmbeddable, type Embedder } from './embedder.js';
import { adaptQuery, loadQueryAdapter } from './query-adapter.js';
import { createWorkerPool, type WorkerPoolOptions } from './worker-pool.js';
import { startWorker } from '../workers/start-worker.js';
import { USE_LITE_DIMENSION } from './worker-protocol.js';

export const LOCAL_MODEL_ID = `use-lite-${USE_LITE_DIMENSION}`;

/** One core is left to the event loop and the database (PGlite runs on the main thread). */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export type LocalEmbedder = Omit<Embedder, 'stats'> & {
  stats(): { workers: number; ready: number; busy: number; queued: number };
};

/**
 * The bundled Universal Sentence Encoder lite, in worker threads; nothing is downloaded. Queries
 * pass through the fitted query adapter; documents are the model's own vectors.
 */
export function createLocalEmbedder(
  options: { threads?: number | undefined } & Omit<WorkerPoolOptions, 'size' | 'startWorker'> = {},
): LocalEmbedder {
  const { threads, ...poolOptions } = options;
  const adapter = loadQueryAdapter(LOCAL_MODEL_ID, USE_LITE_DIMENSION);
  const pool = createWorkerPool({
    ...poolOptions,
    size: threads ?? defaultThreads(),
    startWorker: () => startWorker(new URL('./local-model.worker.js', import.meta.url)),
  });
  return {
    modelId: LOCAL_MODEL_ID,
    dimension: () => Promise.resolve(USE_LITE_DIMENSION),
    async embed(texts, callOptions) {
      assertEmbeddable(texts);
      const vectors = await pool.embed(texts, callOptions);
      // A search query is re-weighted towards the notes that answer such questions (ADR 0008).
      return callOptions?.inputType === 'query' ? vectors.map((v) => adaptQuery(v, adapter)) : vectors;
    },
    close: () => pool.close(),
    stats: () => pool.stats(),
  };
}

// The embeddings module's public surface (docs/decisions/0006-embeddings.md).
export {
  dot,
  EmbedderClosedError,
  EmbeddingError,
  EmbeddingInputError,
  l2Normalise,
  type Embedder,
  type EmbedOptions,
  type Vector,
} from './embedder.js';
export { createEmbedder } from './create-embedder.js';
export { createFakeEmbedder, type FakeEmbedderOptions } from './fake-embedder.js';
export { createHttpEmbedder, EmbeddingHttpError, type HttpEmbedderOptions } from './http-embedder.js';
export { createLocalEmbedder, defaultThreads, LOCAL_MODEL_ID, type LocalEmbedder } from './local-embedder.js';
export { EmbeddingTimeoutError, EmbeddingWorkerError } from './worker-pool.js';

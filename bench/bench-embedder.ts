// The embedder a bench measures: the one the server would use (EMBEDDINGS_URL and friends, else the
// bundled model), so a bench of a stronger model needs nothing but the server's own settings.
import { loadConfig } from '../server/config.js';
import { createEmbedder } from '../server/embeddings/create-embedder.js';
import type { Embedder } from '../server/embeddings/embedder.js';

export function createEmbedderFromEnv(): Embedder {
  return createEmbedder(
    loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' }).embeddings,
  );
}

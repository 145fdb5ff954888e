import type { Config } from '../config.js';
import type { Embedder } from './embedder.js';
import { createHttpEmbedder } from './http-embedder.js';
import { createLocalEmbedder } from './local-embedder.js';

/**
 * EMBEDDINGS_URL set → the OpenAI-compatible server it names (EMBEDDINGS_MODEL required, since
 * every such server needs to be told which model); otherwise the bundled model in worker threads.
 * Nothing starts until the first embed call.
 */
export function createEmbedder(config: Config['embeddings']): Embedder {
  if (config.url) {
    if (!config.model) {
      throw new Error('EMBEDDINGS_MODEL is required when EMBEDDINGS_URL is set (e.g. nomic-embed-text)');
    }
    return createHttpEmbedder({
      url: config.url,
      model: config.model,
      apiKey: config.apiKey,
      prefixes: { query: config.queryPrefix, document: config.documentPrefix },
    });
  }
  return createLocalEmbedder({ threads: config.threads });
}

// Real: the factory and the adapters it returns (nothing is started: both are lazy). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { createEmbedder } from './create-embedder.js';
import { LOCAL_MODEL_ID } from './local-embedder.js';

const none = { threads: undefined, url: undefined, model: undefined, apiKey: undefined };

describe('createEmbedder', () => {
  it('uses the bundled model when EMBEDDINGS_URL is not set', async () => {
    const e = createEmbedder({ ...none, threads: 1 });
    expect(e.modelId).toBe(LOCAL_MODEL_ID);
    expect(LOCAL_MODEL_ID).toBe('use-lite-512');
    expect(await e.dimension()).toBe(512);
    await e.close();
  });

  it('uses the HTTP endpoint when EMBEDDINGS_URL is set, tagged with its model', async () => {
    const e = createEmbedder({ ...none, url: 'http://127.0.0.1:9/v1', model: 'nomic-embed-text' });
    expect(e.modelId).toBe('openai:nomic-embed-text');
    await e.close();
  });

  it('requires EMBEDDINGS_MODEL with EMBEDDINGS_URL', () => {
    expect(() => createEmbedder({ ...none, url: 'http://127.0.0.1:9/v1' })).toThrow(
      'EMBEDDINGS_MODEL is required when EMBEDDINGS_URL is set',
    );
  });
});

// Real: the OpenAI-compatible HTTP embedder over a real socket, the embedding queue and worker,
// search, the migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL). Faked: the
// embeddings server (the network edge): a local HTTP server answering OpenAI's /v1/embeddings
// with 768-d feature-hashing vectors, and failing with 503 on demand.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedBagOfWords } from '../../embeddings/fake-embedder.js';
import { createHttpEmbedder } from '../../embeddings/http-embedder.js';
import type { Principal } from '../../http/principal.js';
import { createTestApp } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('search with an OpenAI-compatible embeddings server', () => {
  let server: Server;
  let t: TestApp;
  let principal: Principal;
  let down = false;
  const requests: string[][] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { input, model } = JSON.parse(body) as { input: string[]; model: string };
        requests.push(input);
        if (down) {
          res.writeHead(503, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: { message: 'loading model' } }));
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            object: 'list',
            model,
            data: input.map((text, index) => ({
              object: 'embedding',
              index,
              embedding: hashedBagOfWords(text, 768),
            })),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const embedder = createHttpEmbedder({ url: `http://127.0.0.1:${port}/v1`, model: 'nomic-embed-text' });
    t = await createTestApp({}, { embedder });
    const user = await t.app.services.users.create('http-embedder@example.com', 'http embedder password');
    principal = {
      userId: user.id,
      via: 'session',
      scopes: ['read:traces', 'write:traces'],
      credentialId: 'h',
    };
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('stores 768-d vectors under the model’s id and searches them (HNSW path)', async () => {
    for (const content of [
      'Renew the car insurance in May',
      'Bake sourdough on Saturday',
      'Call the plumber about the leak',
    ]) {
      await t.app.services.traces.create(principal, {
        content,
        category: 'fact',
        importance: 'low',
        tags: [],
      });
    }
    expect(await t.app.services.embeddingWorker.drain()).toMatchObject({ embedded: 3, failed: 0 });
    const stored = await t.db.asSystem((tx) =>
      tx.query<{ model: string; dimension: number }>(
        'SELECT DISTINCT model, dimension FROM trace_embeddings',
      ),
    );
    expect(stored).toEqual([{ model: 'openai:nomic-embed-text', dimension: 768 }]);
    const res = await t.app.services.search.search(principal, { query: 'plumber leak' });
    expect(res.mode).toBe('hybrid');
    expect(res.results[0]).toMatchObject({
      content: 'Call the plumber about the leak',
      matched: ['fulltext', 'vector'],
    });
    expect(requests.at(-1)).toEqual(['plumber leak']);
  });

  it('keeps traces queued while the server answers 503, and falls back to full text for queries', async () => {
    down = true;
    try {
      const { trace } = await t.app.services.traces.create(principal, {
        content: 'Water the tomatoes daily',
        category: 'fact',
        importance: 'low',
        tags: [],
      });
      expect(await t.app.services.embeddingWorker.drain()).toMatchObject({ embedded: 0, failed: 1 });
      const [job] = await t.db.asSystem((tx) =>
        tx.query<{ last_error: string }>('SELECT last_error FROM embedding_jobs WHERE trace_id = $1', [
          trace.id,
        ]),
      );
      expect(job?.last_error).toContain('loading model');
      const res = await t.app.services.search.search(principal, { query: 'tomatoes' });
      expect(res).toMatchObject({ mode: 'fulltext', results: [{ id: trace.id, matched: ['fulltext'] }] });
    } finally {
      down = false;
    }
  });
});

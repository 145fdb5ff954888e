// Real: the app through app.inject() on a real, migrated database, the request deadline
// (REQUEST_TIMEOUT_MS) and its 503. Faked: the embedding model (the network edge), here one that
// never answers on its own, so the search is still waiting on it when the deadline passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeEmbedder } from '../../embeddings/fake-embedder.js';
import type { Embedder } from '../../embeddings/embedder.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app.js';

describe('a search answered 503 request_timeout', () => {
  let t: TestApp;
  let user: TestUser;
  const signals: AbortSignal[] = [];
  let hang = false;

  beforeAll(async () => {
    const fake = createFakeEmbedder();
    const embedder: Embedder = {
      ...fake,
      embed: (texts, options) => {
        if (!hang) return fake.embed(texts, options);
        const signal = options?.signal;
        if (signal) signals.push(signal);
        // Like a busy model: nothing until the caller gives up.
        return new Promise((_, reject) =>
          signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
        );
      },
    };
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '1500' }, { embedder });
    user = await t.signUp();
    await t.trace(user, { content: 'The kettle is on the left shelf' });
  });
  afterAll(async () => t.close());

  it('stops the work behind it: the model call is cancelled at the deadline, not seconds later', async () => {
    hang = true;
    const res = await t.as(user).post('/api/search', { query: 'where is the kettle' });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe('request_timeout');
    // The search's own model budget is 2 s; the request's deadline (1.5 s) came first.
    await new Promise((r) => setTimeout(r, 150));
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('the MCP search tool stops the same way', async () => {
    hang = true;
    const key = await t.apiKey(user);
    const before = signals.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        host: new URL(t.config.publicUrl).host,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${key.token}`,
      },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search', arguments: { query: 'the kettle again' } },
      }),
    });
    expect(res.statusCode).toBe(503);
    await new Promise((r) => setTimeout(r, 150));
    expect(signals).toHaveLength(before + 1);
    expect(signals.at(-1)!.aborted).toBe(true);
  });
});

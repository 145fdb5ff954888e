// Real: the HTTP adapter, fetch, a real HTTP server on 127.0.0.1. Faked: the embeddings service —
// a few lines that speak the OpenAI wire format (POST /v1/embeddings), including the error
// answers real servers give (OpenAI 401, Ollama's 404 for an unknown model, 500, broken JSON, a hang).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dot, EmbedderClosedError, EmbeddingInputError } from './embedder.js';
import { hashedBagOfWords } from './fake-embedder.js';
import {
  createHttpEmbedder,
  EmbeddingHttpError,
  embeddingsEndpoint,
  httpModelId,
  serverMessage,
} from './http-embedder.js';

type Seen = { path: string; auth: string | undefined; body: { model: string; input: string[] } };
type Handler = (req: Seen, res: ServerResponse) => void;

let server: Server;
let base: string;
let handler: Handler;
const seen: Seen[] = [];

/** What a healthy server answers: unnormalised vectors, listed in reverse order with their index. */
const healthy: Handler = (req, res) => {
  const data = req.body.input.map((t, index) => ({
    object: 'embedding',
    index,
    embedding: hashedBagOfWords(t, 8).map((x) => x * 3),
  }));
  json(res, 200, { object: 'list', data: data.reverse(), model: req.body.model, usage: {} });
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const s: Seen = { path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) };
      seen.push(s);
      handler(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen.length = 0;
  handler = healthy;
});

const embedder = (extra: { apiKey?: string; timeoutMs?: number; maxBatch?: number } = {}) =>
  createHttpEmbedder({ url: base, model: 'nomic-embed-text', ...extra });

describe('HTTP embedder (OpenAI-compatible)', () => {
  it('posts {model, input} to {url}/embeddings and returns unit vectors in input order', async () => {
    const e = embedder({ apiKey: 'sk-test' });
    const texts = ['dark mode in editors', 'the user likes dark mode', 'dentist on Tuesday'];
    const v = await e.embed(texts);
    expect(seen).toEqual([
      {
        path: '/v1/embeddings',
        auth: 'Bearer sk-test',
        body: { model: 'nomic-embed-text', input: texts },
      },
    ]);
    expect(v).toHaveLength(3);
    for (const [i, x] of v.entries()) {
      expect(dot(x, x)).toBeCloseTo(1, 6);
      expect(x).toEqual(hashedBagOfWords(texts[i]!, 8).map((y) => expect.closeTo(y, 9)));
    }
    expect(e.modelId).toBe('openai:nomic-embed-text');
  });

  it('prepends the configured prefix of each input type (nomic-embed-text style)', async () => {
    const e = createHttpEmbedder({
      url: base,
      model: 'nomic-embed-text',
      prefixes: { query: 'search_query: ', document: 'search_document: ' },
    });
    await e.embed(['where do I keep the spare key'], { inputType: 'query' });
    await e.embed(['The spare key is under the blue pot.', 'Second note']);
    await e.embed(['Third note'], { inputType: 'document' });
    expect(seen.map((s) => s.body.input)).toEqual([
      ['search_query: where do I keep the spare key'],
      ['search_document: The spare key is under the blue pot.', 'search_document: Second note'],
      ['search_document: Third note'],
    ]);
    // Only one side prefixed (bge): the other is sent as it is.
    seen.length = 0;
    const bge = createHttpEmbedder({ url: base, model: 'bge', prefixes: { query: 'Represent: ' } });
    await bge.embed(['q'], { inputType: 'query' });
    await bge.embed(['d']);
    expect(seen.map((s) => s.body.input)).toEqual([['Represent: q'], ['d']]);
  });

  it('names the prefixes in the model id, so changing them re-embeds and never mixes vectors', () => {
    expect(httpModelId('nomic-embed-text')).toBe('openai:nomic-embed-text');
    expect(httpModelId('nomic-embed-text', { query: '', document: '' })).toBe('openai:nomic-embed-text');
    const a = httpModelId('nomic-embed-text', { query: 'search_query: ', document: 'search_document: ' });
    const b = httpModelId('nomic-embed-text', { query: 'query: ', document: 'passage: ' });
    expect(a).toMatch(/^openai:nomic-embed-text#[0-9a-f]{8}$/);
    expect(b).not.toBe(a);
    expect(httpModelId('nomic-embed-text', { document: 'x' })).not.toBe(
      httpModelId('nomic-embed-text', { query: 'x' }),
    );
  });

  it('learns the dimension from the first answer, or asks once', async () => {
    const e = embedder();
    expect(await e.dimension()).toBe(8);
    expect(seen).toHaveLength(1);
    await e.dimension();
    expect(seen).toHaveLength(1);
  });

  it('sends no Authorization header without a key', async () => {
    await embedder().embed(['x']);
    expect(seen[0]!.auth).toBeUndefined();
  });

  it('splits many texts into batches', async () => {
    const texts = Array.from({ length: 5 }, (_, i) => `text ${i}`);
    const v = await embedder({ maxBatch: 2 }).embed(texts);
    expect(seen.map((s) => s.body.input.length)).toEqual([2, 2, 1]);
    expect(v[4]).toEqual(hashedBagOfWords('text 4', 8).map((y) => expect.closeTo(y, 9)));
  });

  it('reports 401 with the server message, as not retryable', async () => {
    handler = (_req, res) =>
      json(res, 401, {
        error: { message: 'Incorrect API key provided: sk-wrong.', type: 'invalid_request_error' },
      });
    const err = await embedder({ apiKey: 'sk-wrong' })
      .embed(['x'])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddingHttpError);
    expect((err as EmbeddingHttpError).message).toBe(
      `Embeddings server ${base}/embeddings answered 401: Incorrect API key provided: sk-wrong.`,
    );
    expect((err as EmbeddingHttpError).status).toBe(401);
    expect((err as EmbeddingHttpError).retryable).toBe(false);
  });

  it("reports Ollama's unknown model (404)", async () => {
    handler = (_req, res) =>
      json(res, 404, {
        error: {
          message: 'model "nomic-embed-text" not found, try pulling it first',
          type: 'api_error',
          param: null,
          code: null,
        },
      });
    await expect(embedder().embed(['x'])).rejects.toThrow(
      /answered 404: model "nomic-embed-text" not found, try pulling it first$/,
    );
  });

  it('reports a 500 as retryable, with a plain-text body as the message', async () => {
    handler = (_req, res) => res.writeHead(500).end('CUDA out of memory');
    const err = (await embedder()
      .embed(['x'])
      .catch((e: unknown) => e)) as EmbeddingHttpError;
    expect(err.message).toMatch(/answered 500: CUDA out of memory$/);
    expect(err.retryable).toBe(true);
  });

  it('rejects malformed answers with a clear reason', async () => {
    const cases: [unknown, RegExp][] = [
      ['{"data": [', /not JSON/],
      [{ data: [{ embedding: 'abc', index: 0 }] }, /expected \{"data"/],
      [{ data: [] }, /expected \{"data"/],
      [{ data: [{ embedding: [1, 0], index: 0 }] }, /1 vectors for 2 texts/],
      [
        {
          data: [
            { embedding: [1, 0], index: 0 },
            { embedding: [1, 0, 0], index: 1 },
          ],
        },
        /differing length/,
      ],
      [
        {
          data: [
            { embedding: [1, 0], index: 1 },
            { embedding: [0, 1], index: 1 },
          ],
        },
        /index 1 is out of range or repeated/,
      ],
      [
        {
          data: [
            { embedding: [0, 0], index: 0 },
            { embedding: [0, 1], index: 1 },
          ],
        },
        /zero or non-finite vector/,
      ],
    ];
    for (const [body, why] of cases) {
      handler = (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(typeof body === 'string' ? body : JSON.stringify(body));
      await expect(embedder().embed(['a', 'b'])).rejects.toThrow(why);
    }
  });

  it('refuses a change of dimension between answers', async () => {
    const e = embedder();
    await e.embed(['x']);
    handler = (_req, res) => json(res, 200, { data: [{ embedding: [1, 2, 3], index: 0 }] });
    await expect(e.embed(['y'])).rejects.toThrow(/dimension changed from 8 to 3/);
  });

  it('times out a server that never answers', async () => {
    handler = () => {}; // holds the request open
    await expect(embedder({ timeoutMs: 200 }).embed(['x'])).rejects.toThrow(
      `Embeddings server ${base}/embeddings did not answer within 200 ms`,
    );
  });

  it('says when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const e = createHttpEmbedder({ url: `http://127.0.0.1:${port}/v1`, model: 'm' });
    await expect(e.embed(['x'])).rejects.toThrow(/Cannot reach embeddings server .*ECONNREFUSED/);
  });

  it('refuses empty text before calling, and every call after close()', async () => {
    const e = embedder();
    await expect(e.embed(['fine', '  '])).rejects.toThrow(EmbeddingInputError);
    expect(seen).toHaveLength(0);
    handler = () => {};
    const pending = e.embed(['x']);
    await new Promise((r) => setTimeout(r, 50));
    await e.close();
    await expect(pending).rejects.toThrow(EmbedderClosedError);
    await expect(e.embed(['x'])).rejects.toThrow(EmbedderClosedError);
  });
});

describe('embeddingsEndpoint / serverMessage', () => {
  it('treats EMBEDDINGS_URL as the API base, accepting a full endpoint too', () => {
    expect(embeddingsEndpoint('http://localhost:11434/v1')).toBe('http://localhost:11434/v1/embeddings');
    expect(embeddingsEndpoint('http://localhost:11434/v1/')).toBe('http://localhost:11434/v1/embeddings');
    expect(embeddingsEndpoint('https://api.example.com/v1/embeddings')).toBe(
      'https://api.example.com/v1/embeddings',
    );
  });

  it('finds the message in each server flavour', () => {
    expect(serverMessage('{"error":{"message":"bad key"}}')).toBe('bad key');
    expect(serverMessage('{"error":"model not found"}')).toBe('model not found');
    expect(serverMessage('{"object":"error","message":"vllm says no"}')).toBe('vllm says no');
    expect(serverMessage('{"detail":"Not Found"}')).toBe('Not Found');
    expect(serverMessage('<html>\n  Bad Gateway\n</html>')).toBe('<html> Bad Gateway </html>');
    expect(serverMessage('x'.repeat(400))).toHaveLength(301);
  });
});

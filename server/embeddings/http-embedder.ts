import { z } from 'zod';
import {
  assertEmbeddable,
  EmbedderClosedError,
  EmbeddingError,
  l2Normalise,
  type Embedder,
  type EmbedOptions,
  type InputType,
  type Vector,
} from './embedder.js';
import { createHash } from 'node:crypto';

/**
 * An OpenAI-compatible embeddings endpoint (Ollama, LM Studio, vLLM, llama.cpp server, a hosted
 * API). Wire format: POST {base}/embeddings with {model, input: string[]}; answer
 * {data: [{embedding: number[], index}], model}. EMBEDDINGS_URL is the API base, the part before
 * `/embeddings` (http://localhost:11434/v1 for Ollama); a URL that already ends in `/embeddings`
 * is used as it is.
 */
export type HttpEmbedderOptions = {
  url: string;
  model: string;
  apiKey?: string | undefined;
  /** Per HTTP request. Local servers load a model on first use, which can take a while. */
  timeoutMs?: number;
  /** Texts per request: servers cap the input array (OpenAI 2048) and memory grows with it. */
  maxBatch?: number;
  /**
   * Prepended to every text of that input type (EMBEDDINGS_QUERY_PREFIX / _DOCUMENT_PREFIX), for
   * models trained with asymmetric prefixes: nomic-embed-text `search_query: ` / `search_document: `,
   * e5 `query: ` / `passage: `, bge `Represent this sentence for searching relevant passages: ` / none.
   */
  prefixes?: Partial<Record<InputType, string>>;
};

/** The server answered, but not with vectors. Carries the HTTP status when there was one. */
export class EmbeddingHttpError extends EmbeddingError {
  constructor(
    message: string,
    readonly status: number | undefined,
    retryable: boolean,
    cause?: unknown,
  ) {
    super(message, { retryable, cause });
  }
}

const EmbeddingsAnswer = z.object({
  data: z
    .array(z.object({ embedding: z.array(z.number()), index: z.number().int().nonnegative().optional() }))
    .min(1),
  model: z.string().optional(),
});

export function embeddingsEndpoint(url: string): string {
  const base = url.replace(/\/+$/, '');
  return /\/embeddings$/.test(base) ? base : `${base}/embeddings`;
}

export function createHttpEmbedder(options: HttpEmbedderOptions): Embedder {
  const endpoint = embeddingsEndpoint(options.url);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxBatch = options.maxBatch ?? 64;
  let dimension: number | undefined;
  let closed = false;
  const inFlight = new Set<AbortController>();

  async function request(texts: readonly string[], signal: AbortSignal | undefined): Promise<Vector[]> {
    const controller = new AbortController();
    inFlight.add(controller);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signals = [controller.signal, timeout, ...(signal ? [signal] : [])];
    let res: Response;
    let text: string;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: options.model, input: texts }),
        signal: AbortSignal.any(signals),
      });
      text = await res.text();
    } catch (err) {
      if (closed) throw new EmbedderClosedError();
      if (timeout.aborted) {
        throw new EmbeddingHttpError(
          `Embeddings server ${endpoint} did not answer within ${timeoutMs} ms`,
          undefined,
          true,
          err,
        );
      }
      if (signal?.aborted) throw signal.reason;
      const why = (err as Error & { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
      throw new EmbeddingHttpError(
        `Cannot reach embeddings server ${endpoint}: ${why}`,
        undefined,
        true,
        err,
      );
    } finally {
      inFlight.delete(controller);
    }
    if (!res.ok) {
      const detail = serverMessage(text);
      // 408/429/5xx are the server's passing trouble; other 4xx (bad key, unknown model) are ours.
      const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
      throw new EmbeddingHttpError(
        `Embeddings server ${endpoint} answered ${res.status}${detail ? `: ${detail}` : ''}`,
        res.status,
        retryable,
      );
    }
    return parseAnswer(text, texts.length);
  }

  function parseAnswer(text: string, expected: number): Vector[] {
    const malformed = (why: string) =>
      new EmbeddingHttpError(`Embeddings server ${endpoint} sent an unusable answer: ${why}`, 200, false);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw malformed(`not JSON (${JSON.stringify(text.slice(0, 80))})`);
    }
    const parsed = EmbeddingsAnswer.safeParse(json);
    if (!parsed.success) throw malformed('expected {"data": [{"embedding": [numbers], "index"}]}');
    const { data } = parsed.data;
    if (data.length !== expected) throw malformed(`${data.length} vectors for ${expected} texts`);
    // `index` says which input a vector belongs to; servers may answer out of order.
    const ordered = new Array<Vector | undefined>(expected);
    data.forEach((d, i) => {
      const at = d.index ?? i;
      if (at >= expected || ordered[at]) throw malformed(`vector index ${at} is out of range or repeated`);
      ordered[at] = d.embedding;
    });
    const vectors = ordered as Vector[];
    const dim = vectors[0]!.length;
    if (dim === 0 || vectors.some((v) => v.length !== dim)) throw malformed('vectors of differing length');
    if (dimension !== undefined && dim !== dimension) {
      throw malformed(
        `dimension changed from ${dimension} to ${dim}; has the model behind EMBEDDINGS_URL changed?`,
      );
    }
    dimension = dim;
    try {
      return vectors.map(l2Normalise);
    } catch (err) {
      throw malformed((err as Error).message);
    }
  }

  async function embed(texts: readonly string[], callOptions?: EmbedOptions) {
    if (closed) throw new EmbedderClosedError();
    assertEmbeddable(texts);
    const prefix = options.prefixes?.[callOptions?.inputType ?? 'document'] ?? '';
    const sent = prefix ? texts.map((t) => prefix + t) : texts;
    const out: Vector[] = [];
    for (let i = 0; i < sent.length; i += maxBatch) {
      out.push(...(await request(sent.slice(i, i + maxBatch), callOptions?.signal)));
    }
    return out;
  }

  return {
    modelId: httpModelId(options.model, options.prefixes),
    async dimension() {
      if (dimension === undefined) await embed(['dimension probe']);
      return dimension!;
    },
    embed,
    close() {
      closed = true;
      for (const c of inFlight) c.abort();
      return Promise.resolve();
    },
  };
}

/**
 * `openai:<model>`, plus a short hash of the prefixes when there are any: vectors made with other
 * prefixes are other vectors, so changing them re-embeds every trace (as a change of model does)
 * and never compares the two.
 */
export function httpModelId(model: string, prefixes?: Partial<Record<InputType, string>>): string {
  const query = prefixes?.query ?? '';
  const document = prefixes?.document ?? '';
  if (!query && !document) return `openai:${model}`;
  const hash = createHash('sha256')
    .update(JSON.stringify([query, document]))
    .digest('hex')
    .slice(0, 8);
  return `openai:${model}#${hash}`;
}

/**
 * The server's own words, whatever its flavour: OpenAI {error: {message}}, Ollama {error: "…"},
 * vLLM {message}, FastAPI {detail}, or plain text. Cut short: it goes into logs.
 */
export function serverMessage(body: string): string {
  let msg: unknown = body;
  try {
    const j = JSON.parse(body) as Record<string, unknown>;
    const e = j.error;
    msg =
      (typeof e === 'object' && e !== null ? (e as Record<string, unknown>).message : e) ??
      j.message ??
      j.detail ??
      body;
  } catch {
    // not JSON: the raw text is the message
  }
  const s = (typeof msg === 'string' ? msg : JSON.stringify(msg)).replace(/\s+/g, ' ').trim();
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/**
 * The Embedder port: text in, unit-length vectors out. Search stores each vector with the model id
 * and dimension that produced it, so a change of model is detectable and vectors of two models are
 * never compared (docs/decisions/0006-embeddings.md).
 */
export type Vector = number[];

export type EmbedOptions = {
  /** Abort the call (its result is not wanted any more). */
  signal?: AbortSignal;
  /**
   * 'high' for a person waiting (a search query): served before queued background work. Adapters
   * without a queue of their own ignore it.
   */
  priority?: 'high' | 'normal';
  /**
   * When it fires, a high-priority call still waiting for the model goes behind other high-priority
   * work, as normal work (create's inline embedding past its budget: nobody waits for it any more,
   * a search query may). What already runs is not interrupted. Adapters without a queue ignore it.
   */
  demote?: AbortSignal;
  /**
   * What the text is: a search 'query' or a stored 'document' (the default). Models trained with
   * asymmetric prefixes (nomic-embed-text `search_query:`, e5 `query:`, bge's query instruction)
   * need to know; the HTTP adapter prepends the configured prefix. The bundled model has no
   * prefix; it re-weights a query's vector with its fitted query adapter (query-adapter.ts).
   */
  inputType?: InputType;
};

export type InputType = 'query' | 'document';

export interface Embedder {
  /** Stable id of the model, stored beside every vector: `use-lite-512`, `openai:<model>`, `fake-hash-256`. */
  readonly modelId: string;
  /**
   * Length of every vector this embedder returns. Known up front for the bundled model and the
   * fake; learned from the server's first answer (or one probe request) for the HTTP adapter.
   */
  dimension(): Promise<number>;
  /**
   * One vector per text, in input order, each L2-normalised (so cosine similarity = dot product).
   * Texts must contain something besides white space (EmbeddingInputError otherwise).
   */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Vector[]>;
  /** Frees workers/sockets. Pending calls reject; later calls reject. Safe to call twice. */
  close(): Promise<void>;
  /** Texts waiting for a model thread and threads at work (the bundled model): /metrics. */
  stats?(): { queued: number; busy: number };
}

/** Base class so callers (the embedding queue) can tell embedding failures from their own bugs. */
export class EmbeddingError extends Error {
  /** Whether trying the same texts again later may succeed (network, timeout, crash) or not (bad input). */
  readonly retryable: boolean;
  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.retryable = options.retryable;
  }
}

/** The caller passed something no model can embed (an empty text). Not retryable. */
export class EmbeddingInputError extends EmbeddingError {
  constructor(message: string) {
    super(message, { retryable: false });
  }
}

/** The embedder was closed before or while the call ran. */
export class EmbedderClosedError extends EmbeddingError {
  constructor() {
    super('The embedder was closed', { retryable: false });
  }
}

/** Rejects what every adapter would choke on, with the same message whichever adapter runs. */
export function assertEmbeddable(texts: readonly string[]): void {
  texts.forEach((t, i) => {
    if (typeof t !== 'string' || t.trim().length === 0) {
      throw new EmbeddingInputError(`Text ${i} is empty: there is nothing to embed`);
    }
  });
}

/**
 * Scales to unit length. A zero or non-finite vector has no direction, so it is an error rather
 * than something to store: it would match nothing, or everything.
 */
export function l2Normalise(v: ArrayLike<number>): Vector {
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    const x = v[i] as number;
    sum += x * x;
  }
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) {
    throw new EmbeddingError('The model returned a zero or non-finite vector', { retryable: false });
  }
  const out = new Array<number>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = (v[i] as number) / norm;
  return out;
}

/** Dot product; for unit vectors this is the cosine similarity. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`Vectors differ in length: ${a.length} vs ${b.length}`);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

import {
  assertEmbeddable,
  EmbedderClosedError,
  l2Normalise,
  type Embedder,
  type Vector,
} from './embedder.js';

/**
 * A deterministic stand-in for tests that do not measure quality: the feature-hashing trick over
 * words and word pairs. Identical texts give identical vectors, texts sharing words are closer than
 * texts sharing none, and nothing is loaded or started, so it costs microseconds.
 */
export type FakeEmbedderOptions = {
  dimension?: number;
  modelId?: string;
  /** Runs before each call: throw to simulate a failure, await to simulate latency. */
  onEmbed?: (texts: readonly string[]) => void | Promise<void>;
};

export function createFakeEmbedder(options: FakeEmbedderOptions = {}): Embedder & { calls: number } {
  const dimension = options.dimension ?? 256;
  const modelId = options.modelId ?? `fake-hash-${dimension}`;
  let closed = false;
  const self = {
    modelId,
    calls: 0,
    dimension: () => Promise.resolve(dimension),
    async embed(texts: readonly string[]): Promise<Vector[]> {
      if (closed) throw new EmbedderClosedError();
      assertEmbeddable(texts);
      self.calls++;
      await options.onEmbed?.(texts);
      return texts.map((t) => hashedBagOfWords(t, dimension));
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
  return self;
}

export function hashedBagOfWords(text: string, dimension: number): Vector {
  const v = new Float64Array(dimension);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    // The sign bit spreads collisions around zero instead of piling them up (Weinberger et al. 2009).
    v[h % dimension]! += h & 0x80000000 ? -weight : weight;
  };
  words.forEach((w, i) => {
    add(w, 1);
    if (i > 0) add(`${words[i - 1]} ${w}`, 0.5);
  });
  // Text without letters or digits ("!!!") still needs a direction of its own.
  if (words.length === 0) add(text.trim(), 1);
  return l2Normalise(v);
}

/** 32-bit FNV-1a: tiny, fast and stable across runs and platforms. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

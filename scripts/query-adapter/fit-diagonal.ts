// Fits the bundled model's query adapter (server/embeddings/query-adapter.ts, ADR 0008 "A query
// adapter"): one weight per dimension, so that a question's vector, re-weighted, lies nearer the
// vectors of the notes that answer it. The loss is a softmax over every note of the question's own
// store (its conversation): the other notes of one person's memory are exactly the distractors a
// search must rank below the answer. Pure and deterministic (seeded shuffle), so a re-fit on the
// same vectors writes the same weights.
import { add, emptyTally, mean, score, type Tally } from '../../bench/locomo-data.js';
import { prng } from '../../bench/traces-corpus.js';

/** A store of document vectors, row-major: `vectors.length === count * dimension`. */
export type Store = { vectors: Float32Array; count: number };
/** A question: its vector, the store it is asked of and the rows of that store that answer it. */
export type Example = { query: Float32Array; store: number; answers: number[] };

export type FitOptions = {
  epochs: number;
  learningRate: number;
  /** L2 pull of the weights towards "no change" (scale 1). */
  weightDecay: number;
  /** Softmax temperature over cosines: lower makes the answer's margin over distractors count more. */
  temperature: number;
  batchSize: number;
  seed: number;
};

export const DEFAULT_FIT: FitOptions = {
  epochs: 20,
  learningRate: 0.01,
  weightDecay: 1e-4,
  temperature: 0.05,
  batchSize: 32,
  seed: 1,
};

/** Multiplies each dimension by its scale and re-normalises (the same map the server applies). */
export function scaled(query: Float32Array, scale: Float32Array): Float32Array {
  const out = new Float32Array(query.length);
  let norm = 0;
  for (let i = 0; i < query.length; i++) {
    out[i] = query[i]! * scale[i]!;
    norm += out[i]! * out[i]!;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

/** Cosines of a unit query with every row of a store (rows are unit vectors). */
export function cosines(query: Float32Array, store: Store): Float32Array {
  const d = query.length;
  const out = new Float32Array(store.count);
  for (let r = 0; r < store.count; r++) {
    let s = 0;
    const base = r * d;
    for (let i = 0; i < d; i++) s += query[i]! * store.vectors[base + i]!;
    out[r] = s;
  }
  return out;
}

/**
 * Gradient of one question's softmax loss with respect to the scales, added into `grad`; returns
 * the loss. The answers share the target mass equally (a question with two evidence notes wants
 * both). The gradient flows through the re-normalisation, as the server normalises too.
 */
function accumulate(
  example: Example,
  store: Store,
  scale: Float32Array,
  t: number,
  grad: Float32Array,
): number {
  const d = scale.length;
  const q = example.query;
  const u = new Float32Array(d);
  let norm = 0;
  for (let i = 0; i < d; i++) {
    u[i] = q[i]! * scale[i]!;
    norm += u[i]! * u[i]!;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < d; i++) u[i]! /= norm;
  const logits = cosines(u, store).map((c) => c / t);
  let max = -Infinity;
  for (const l of logits) max = Math.max(max, l);
  let z = 0;
  const p = logits.map((l) => Math.exp(l - max));
  for (const e of p) z += e;
  const target = 1 / example.answers.length;
  let loss = 0;
  for (const a of example.answers) loss -= target * Math.log(p[a]! / z);
  // dL/du = Σ_r (p_r − y_r) · doc_r / t
  const gu = new Float32Array(d);
  for (let r = 0; r < store.count; r++) {
    let c = p[r]! / z;
    if (example.answers.includes(r)) c -= target;
    if (Math.abs(c) < 1e-7) continue;
    c /= t;
    const base = r * d;
    for (let i = 0; i < d; i++) gu[i]! += c * store.vectors[base + i]!;
  }
  // Through the normalisation (u = v / |v|), then v_i = q_i · scale_i.
  let along = 0;
  for (let i = 0; i < d; i++) along += gu[i]! * u[i]!;
  for (let i = 0; i < d; i++) grad[i]! += ((gu[i]! - along * u[i]!) / norm) * q[i]!;
  return loss;
}

/** Adam on the scales, starting from 1 (the adapter that changes nothing). */
export function fitDiagonal(
  stores: readonly Store[],
  examples: readonly Example[],
  options: FitOptions = DEFAULT_FIT,
  dimension = examples[0]?.query.length ?? 0,
): { scale: Float32Array; loss: number } {
  const scale = new Float32Array(dimension).fill(1);
  const m = new Float32Array(dimension);
  const v = new Float32Array(dimension);
  const random = prng(options.seed);
  const order = examples.filter((e) => e.answers.length > 0);
  let step = 0;
  let loss = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    loss = 0;
    for (let b = 0; b < order.length; b += options.batchSize) {
      const batch = order.slice(b, b + options.batchSize);
      const grad = new Float32Array(dimension);
      for (const e of batch) loss += accumulate(e, stores[e.store]!, scale, options.temperature, grad);
      step++;
      for (let i = 0; i < dimension; i++) {
        const g = grad[i]! / batch.length + options.weightDecay * (scale[i]! - 1);
        m[i] = 0.9 * m[i]! + 0.1 * g;
        v[i] = 0.999 * v[i]! + 0.001 * g * g;
        const mHat = m[i]! / (1 - 0.9 ** step);
        const vHat = v[i]! / (1 - 0.999 ** step);
        scale[i]! -= (options.learningRate * mHat) / (Math.sqrt(vHat) + 1e-8);
      }
    }
    loss /= Math.max(order.length, 1);
  }
  return { scale, loss };
}

/**
 * The LoCoMo bench's own metric (bench/locomo-data.ts: recall@1/5/10, MRR counted in the top 10)
 * of ranking each question's store by cosine, the query scaled or not; summed, so folds pool.
 */
export function tally(
  stores: readonly Store[],
  examples: readonly Example[],
  scale: Float32Array | null,
): Tally {
  const sum = emptyTally();
  for (const e of examples) {
    if (e.answers.length === 0) continue;
    const c = cosines(scale ? scaled(e.query, scale) : e.query, stores[e.store]!);
    const order = Array.from(c.keys()).sort((a, b) => c[b]! - c[a]! || a - b);
    add(
      sum,
      score(
        order.slice(0, 10).map((r) => [String(r)]),
        e.answers.map(String),
      ),
    );
  }
  return sum;
}

export const recall = (stores: readonly Store[], examples: readonly Example[], scale: Float32Array | null) =>
  mean(tally(stores, examples, scale));

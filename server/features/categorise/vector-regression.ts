/**
 * Multinomial logistic (softmax) regression over a dense vector (a sentence embedding). Same
 * training as the lexical model (softmax-regression.ts): plain SGD in a fixed order, so the same
 * vectors always give the same weights. The vectors are unit length, so no feature scaling.
 */
export type VectorModel<L extends string> = {
  labels: L[];
  bias: number[];
  /** One row of `dimension` weights per label. */
  weights: number[][];
};

export type VectorTrainOptions = { epochs?: number; learningRate?: number; l2?: number };

export function trainVectorSoftmax<L extends string>(
  examples: { vector: readonly number[]; label: L }[],
  labels: readonly L[],
  options: VectorTrainOptions = {},
): VectorModel<L> {
  const { epochs = 30, learningRate = 0.5, l2 = 0.0001 } = options;
  const k = labels.length;
  const dimension = examples[0]?.vector.length ?? 0;
  const weights = Array.from({ length: k }, () => new Array<number>(dimension).fill(0));
  const bias = new Array<number>(k).fill(0);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const ex of examples) {
      if (ex.vector.length !== dimension) throw new Error('vectors of different lengths');
      const p = probabilities(bias, weights, ex.vector);
      const y = labels.indexOf(ex.label);
      for (let c = 0; c < k; c++) {
        const grad = p[c]! - (c === y ? 1 : 0);
        bias[c]! -= 0.1 * learningRate * grad;
        const row = weights[c]!;
        for (let i = 0; i < dimension; i++) row[i]! -= learningRate * (grad * ex.vector[i]! + l2 * row[i]!);
      }
    }
  }
  return { labels: [...labels], bias: bias.map(round), weights: weights.map((row) => row.map(round)) };
}

/** P(label | vector), in `model.labels` order. */
export function predictVectorSoftmax<L extends string>(
  model: VectorModel<L>,
  vector: readonly number[],
): number[] {
  return probabilities(model.bias, model.weights, vector);
}

function probabilities(bias: readonly number[], weights: readonly number[][], vector: readonly number[]) {
  const scores = bias.map((b, c) => {
    const row = weights[c]!;
    let s = b;
    for (let i = 0; i < row.length; i++) s += row[i]! * vector[i]!;
    return s;
  });
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

/** How much each expert counts in `combineProbabilities`: the exponents of their probabilities. */
export type ExpertWeights = { lexical: number; vector: number };

/**
 * Weighted product of experts (log-linear pooling): p ∝ p_lexical^w.lexical · p_vector^w.vector,
 * the label most likely under both models at once (the weighted sum of their log probabilities).
 * Only the ratio of the weights moves the argmax. Neither model is retrained for it, so each still
 * answers alone when the other cannot (no vector: the lexical model).
 */
export function combineProbabilities(
  lexical: readonly number[],
  vector: readonly number[],
  weights: ExpertWeights,
): number[] {
  const scores = lexical.map((p, i) => weights.lexical * Math.log(p) + weights.vector * Math.log(vector[i]!));
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((x, y) => x + y, 0);
  return exp.map((e) => e / sum);
}

// Two decimals: the weights are O(1) (mean |w| ≈ 0.6), so cross-validation gave the same accuracy
// as three; the file is smaller. `|| 0` turns -0 into 0 so the file is stable.
const round = (x: number) => Math.round(x * 100) / 100 || 0;

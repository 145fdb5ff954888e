/**
 * Multinomial logistic (softmax) regression over sparse binary features. Trained by plain
 * stochastic gradient descent in a fixed order, so the same notes always give the same model;
 * a few hundred notes train in well under a second, and a prediction is a few dozen additions.
 */
export type SoftmaxModel<L extends string> = {
  labels: L[];
  bias: number[];
  /** feature → one weight per label; features unseen in training say nothing. */
  weights: Record<string, number[]>;
};

/**
 * `minNotes`: a feature is learnt only from words met in at least this many training notes (one
 * seen once is the note's own, not the label's, and would only grow the shipped model).
 */
export type TrainOptions = { epochs?: number; learningRate?: number; l2?: number; minNotes?: number };

export function trainSoftmax<L extends string>(
  examples: { features: string[]; label: L }[],
  labels: readonly L[],
  options: TrainOptions = {},
): SoftmaxModel<L> {
  const { epochs = 10, learningRate = 0.5, l2 = 0.001, minNotes = 1 } = options;
  const k = labels.length;
  const seen = new Map<string, number>();
  for (const ex of examples) for (const f of new Set(ex.features)) seen.set(f, (seen.get(f) ?? 0) + 1);
  const usable = (f: string) => (seen.get(f) ?? 0) >= minNotes;
  const weights = new Map<string, number[]>();
  const bias = new Array<number>(k).fill(0);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const ex of examples) {
      const features = [...new Set(ex.features)].filter(usable);
      const p = probabilities(bias, features, (f) => weights.get(f));
      const y = labels.indexOf(ex.label);
      for (let c = 0; c < k; c++) {
        const grad = p[c]! - (c === y ? 1 : 0);
        // The bias learns slower: with few notes per label it would otherwise swing with the order.
        bias[c]! -= 0.1 * learningRate * grad;
        for (const f of features) {
          const w = weights.get(f) ?? new Array<number>(k).fill(0);
          w[c]! -= learningRate * (grad + l2 * w[c]!);
          weights.set(f, w);
        }
      }
    }
  }
  const kept: Record<string, number[]> = {};
  for (const [f, w] of [...weights].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // Near-zero weights change no decision; dropping them keeps the shipped model small.
    if (w.some((x) => round(x) !== 0)) kept[f] = w.map(round);
  }
  return { labels: [...labels], bias: bias.map(round), weights: kept };
}

/** P(label | features), in `model.labels` order. */
export function predictSoftmax<L extends string>(model: SoftmaxModel<L>, features: string[]): number[] {
  return probabilities(model.bias, [...new Set(features)], (f) => model.weights[f]);
}

function probabilities(bias: number[], features: string[], weightsOf: (f: string) => number[] | undefined) {
  const scores = [...bias];
  for (const f of features) {
    const w = weightsOf(f);
    if (w) for (let c = 0; c < scores.length; c++) scores[c]! += w[c]!;
  }
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

export function argmax(xs: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++) if (xs[i]! > xs[best]!) best = i;
  return best;
}

// Two decimals: cross-validation gave the same accuracy as three, and the shipped file is smaller.
// `|| 0` turns -0 into 0, so the JSON file is the same whatever the sign of a vanished weight.
const round = (x: number) => Math.round(x * 100) / 100 || 0;

// The logistic regression behind the relevance model (scripts/fit-relevance.ts, ADR 0018): Newton's
// method on standardised features, deterministic, seconds for a hundred thousand candidates.
/** A fitted model over the features `F` (the relevance model's, or the answerable gate's). */
export type Fitted<F extends string> = {
  features: F[];
  mean: number[];
  sd: number[];
  weights: number[];
  bias: number;
  fitted_on: string;
};

/** L2-regularised logistic regression on standardised features, positives weighted to balance. */
export function fitLogistic<F extends string>(
  x: number[][],
  y: boolean[],
  features: F[],
  l2 = 1e-3,
): Fitted<F> {
  const d = features.length;
  const mean = Array.from({ length: d }, (_, j) => x.reduce((s, r) => s + r[j]!, 0) / x.length);
  const sd = Array.from(
    { length: d },
    (_, j) => Math.sqrt(x.reduce((s, r) => s + (r[j]! - mean[j]!) ** 2, 0) / x.length) || 1,
  );
  const z = x.map((r) => r.map((v, j) => (v - mean[j]!) / sd[j]!));
  const beta = newton(z, y, { bias: true, l2 });
  const w = beta.slice(0, d);
  const b = beta[d]!;
  const round = (n: number) => Math.round(n * 1e5) / 1e5;
  return {
    features,
    mean: mean.map(round),
    sd: sd.map(round),
    weights: w.map(round),
    bias: round(b),
    fitted_on: '',
  };
}

/**
 * Weights `w` for logit = offset + w · x, with no bias and no standardisation: a boost fitted on top
 * of another model (the offset: its logit), which leaves that model's score where x is 0.
 */
export function fitBoost(x: number[][], y: boolean[], offset: number[], l2 = 1e-3): number[] {
  return newton(x, y, { bias: false, l2, offset }).map((w) => Math.round(w * 1e5) / 1e5);
}

/**
 * Newton's method (iteratively reweighted least squares) for an L2-regularised logistic regression,
 * positives weighted to balance; with a bias it is the last coefficient. With at most a dozen
 * features each step is one pass over the rows, and 25 steps converge.
 */
function newton(z: number[][], y: boolean[], o: { bias: boolean; l2: number; offset?: number[] }): number[] {
  const d = z[0]?.length ?? 0;
  const positives = y.filter(Boolean).length;
  const wPos = (y.length - positives) / Math.max(positives, 1);
  const k = d + (o.bias ? 1 : 0);
  const beta = new Array<number>(k).fill(0);
  for (let step = 0; step < 25; step++) {
    const grad = new Array<number>(k).fill(0);
    const hess = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    let total = 0;
    for (let i = 0; i < z.length; i++) {
      const row = o.bias ? [...z[i]!, 1] : z[i]!;
      let s = o.offset?.[i] ?? 0;
      for (let j = 0; j < k; j++) s += beta[j]! * row[j]!;
      const p = 1 / (1 + Math.exp(-s));
      const weight = y[i] ? wPos : 1;
      total += weight;
      const err = weight * (p - (y[i] ? 1 : 0));
      const curv = weight * p * (1 - p);
      for (let a = 0; a < k; a++) {
        grad[a]! += err * row[a]!;
        for (let c = 0; c <= a; c++) hess[a]![c]! += curv * row[a]! * row[c]!;
      }
    }
    for (let a = 0; a < k; a++) {
      grad[a] = grad[a]! / total + (a < d ? o.l2 * beta[a]! : 0);
      for (let c = 0; c <= a; c++) {
        hess[a]![c] = hess[a]![c]! / total + (a === c && a < d ? o.l2 : 0);
        hess[c]![a] = hess[a]![c]!;
      }
    }
    const delta = solve(hess, grad);
    let moved = 0;
    for (let a = 0; a < k; a++) {
      beta[a]! -= delta[a]!;
      moved = Math.max(moved, Math.abs(delta[a]!));
    }
    if (moved < 1e-7) break;
  }
  return beta;
}

/** Gaussian elimination with partial pivoting (the Hessian is small and positive definite). */
function solve(a: number[][], rhs: number[]): number[] {
  const n = rhs.length;
  const m = a.map((row, i) => [...row, rhs[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

/**
 * L2-regularized logistic regression by Newton's method on standardized features, for offline
 * reranker experiments (bench/rerank-offline.ts). Column 0 is the intercept and is not scaled.
 */
export interface LogisticModel { weights: number[]; mean: number[]; scale: number[] }

export function fitLogistic(X: number[][], y: number[], l2: number, iterations = 30): LogisticModel {
  if (X.length === 0 || X.length !== y.length) throw new Error(`fitLogistic: ${X.length} rows and ${y.length} labels`);
  const d = X[0]!.length;
  const mean = Array.from({ length: d }, (_, j) => (j === 0 ? 0 : X.reduce((a, x) => a + x[j]!, 0) / X.length));
  const scale = Array.from({ length: d }, (_, j) => (j === 0 ? 1 : Math.sqrt(X.reduce((a, x) => a + (x[j]! - mean[j]!) ** 2, 0) / X.length) + 1e-9));
  const Z = X.map((x) => x.map((v, j) => (v - mean[j]!) / scale[j]!));
  const w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = w.map((v) => l2 * v);
    const hess = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? l2 : 0)));
    Z.forEach((z, n) => {
      const p = sigmoid(dot(z, w));
      const r = p * (1 - p);
      for (let i = 0; i < d; i++) {
        grad[i]! += ((p - y[n]!) * z[i]!) / Z.length;
        for (let j = 0; j < d; j++) hess[i]![j]! += (r * z[i]! * z[j]!) / Z.length;
      }
    });
    const step = solve(hess, grad);
    for (let i = 0; i < d; i++) w[i]! -= step[i]!;
  }
  return { weights: w, mean, scale };
}

/** The model's log-odds for one feature vector (higher: more likely gold). */
export function scoreLogistic(model: LogisticModel, x: number[]): number {
  return x.reduce((a, v, j) => a + ((v - model.mean[j]!) / model.scale[j]!) * model.weights[j]!, 0);
}

function sigmoid(t: number): number {
  return 1 / (1 + Math.exp(-t));
}

function dot(a: number[], b: number[]): number {
  return a.reduce((s, v, i) => s + v * b[i]!, 0);
}

/** Gaussian elimination with partial pivoting (the matrix is symmetric positive definite with l2 > 0). */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= M[r]![k]! * x[k]!;
    x[r] = s / M[r]![r]!;
  }
  return x;
}

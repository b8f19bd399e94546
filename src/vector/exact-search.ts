/** Brute-force top-k by dot product over a flat row-major matrix of unit vectors. */
export interface ExactMatch {
  row: number;
  similarity: number;
}

export function exactTopK(matrix: Float32Array, dimensions: number, query: Float32Array, k: number): ExactMatch[] {
  const rows = Math.floor(matrix.length / dimensions);
  const best: ExactMatch[] = [];
  let floor = -Infinity;
  for (let r = 0; r < rows; r++) {
    let sum = 0;
    const base = r * dimensions;
    for (let d = 0; d < dimensions; d++) sum += matrix[base + d] * query[d];
    if (best.length === k && sum <= floor) continue;
    let at = best.length < k ? best.length : k - 1;
    while (at > 0 && best[at - 1].similarity < sum) at--;
    best.splice(at, 0, { row: r, similarity: sum });
    if (best.length > k) best.pop();
    if (best.length === k) floor = best[k - 1].similarity;
  }
  return best;
}

/**
 * The top `count` eigenvectors of a symmetric positive semi-definite d×d matrix (row-major), by
 * power iteration with deflation. Deterministic; stops early when the matrix has no more variance.
 */
export function topEigenvectors(m: Float64Array, d: number, count: number): Float32Array[] {
  const found: Float32Array[] = [];
  for (let c = 0; c < count; c++) {
    let v = new Float64Array(d).map((_, i) => 1 + ((i * 7919) % 13) / 13);
    for (let iter = 0; iter < 300; iter++) {
      for (const u of found) {
        let along = 0;
        for (let i = 0; i < d; i++) along += v[i] * u[i];
        for (let i = 0; i < d; i++) v[i] -= along * u[i];
      }
      const next = new Float64Array(d);
      for (let i = 0; i < d; i++) {
        let s = 0;
        for (let j = 0; j < d; j++) s += m[i * d + j] * v[j];
        next[i] = s;
      }
      const norm = Math.sqrt(next.reduce((s, x) => s + x * x, 0));
      if (!(norm > 1e-12)) return found;
      for (let i = 0; i < d; i++) next[i] /= norm;
      const delta = next.reduce((s, x, i) => s + Math.abs(x - v[i]), 0);
      v = next;
      if (delta < 1e-7) break;
    }
    found.push(Float32Array.from(v));
  }
  return found;
}

/** Fills the lower triangle from the upper one. */
export function mirrorUpper(m: Float64Array, d: number): void {
  for (let i = 0; i < d; i++) for (let j = 0; j < i; j++) m[i * d + j] = m[j * d + i];
}

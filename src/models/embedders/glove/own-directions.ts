import { mirrorUpper, topEigenvectors } from './power-iteration.js';

/**
 * SIF's original common component: the top principal directions of a set of sentence vectors
 * themselves (uncentered second moment, as in Arora et al. 2017).
 */
export function ownDirections(vectors: readonly Float32Array[], count: number): Float32Array[] {
  if (vectors.length === 0 || count <= 0) return [];
  const d = vectors[0].length;
  const m = new Float64Array(d * d);
  for (const v of vectors) {
    for (let i = 0; i < d; i++) {
      const vi = v[i];
      for (let j = i; j < d; j++) m[i * d + j] += vi * v[j];
    }
  }
  mirrorUpper(m, d);
  return topEigenvectors(m, d, count);
}

import { dot } from '../vector-math.js';
import { addRow, type GloveTable } from './glove-table.js';
import { mirrorUpper, topEigenvectors } from './power-iteration.js';

/**
 * The top principal directions of sentence-like sums of GloVe vectors, estimated from the
 * vocabulary itself (a fixed general corpus: word rank → Zipf frequency, so no profile data):
 * the frequency-weighted covariance of the SIF-weighted word vectors, after the common
 * direction is removed. Averaged word vectors share a few such directions (syntax, frequency,
 * "chattiness"); removing them (Arora et al. 2017; Mu & Viswanath 2018, "all-but-the-top")
 * leaves more of what a sentence is about. Power iteration with deflation on the d×d matrix.
 */
export function principalDirections(
  table: GloveTable,
  weights: Float32Array,
  common: Float32Array,
  count: number,
  topWords = 20_000,
): Float32Array[] {
  const d = table.dimensions;
  if (count <= 0) return [];
  const cov = new Float64Array(d * d);
  const harmonic = Math.log(table.totalVocab) + 0.5772156649;
  const row = new Float32Array(d);
  const limit = Math.min(topWords, table.words.length);
  for (let r = 0; r < limit; r++) {
    row.fill(0);
    addRow(table, r, weights[r], row);
    const along = dot(row, common);
    for (let i = 0; i < d; i++) row[i] -= along * common[i];
    const p = 1 / ((r + 1) * harmonic);
    for (let i = 0; i < d; i++) {
      const wi = p * row[i];
      for (let j = i; j < d; j++) cov[i * d + j] += wi * row[j];
    }
  }
  mirrorUpper(cov, d);
  return topEigenvectors(cov, d, count);
}

/** Projects each direction (unit vectors) out of `v` in place. */
export function removeDirections(v: Float32Array, directions: readonly Float32Array[]): void {
  for (const u of directions) {
    const along = dot(v, u);
    for (let i = 0; i < v.length; i++) v[i] -= along * u[i];
  }
}

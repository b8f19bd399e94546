import { nodeCrypto } from '../../lazy-crypto.js';

/** Scales the vector to unit length in place; returns false (vector untouched) when it is all zeros. */
export function normalizeInPlace(vector: Float32Array): boolean {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  if (sum === 0 || !Number.isFinite(sum)) return false;
  const inv = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] *= inv;
  return true;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/**
 * The vector for a text an embedder cannot represent (empty, or no known words): a unit vector
 * derived from the text's hash. Unit length keeps cosine math and vector indexes well defined;
 * being pseudo-random it sits near-orthogonal to real embeddings and to other such texts, so it
 * matches nothing except the identical text.
 */
export function fallbackVector(text: string, dimensions: number): Float32Array {
  const out = new Float32Array(dimensions);
  let block = Buffer.alloc(0);
  for (let i = 0; i < dimensions; i++) {
    const offset = (i * 2) % 32;
    if (offset === 0) block = nodeCrypto().createHash('sha256').update(`${i}\0${text}`).digest();
    out[i] = block.readInt16LE(offset) / 32768;
  }
  if (!normalizeInPlace(out)) out[0] = 1;
  return out;
}

export function toFloat32(values: ArrayLike<number>): Float32Array {
  return values instanceof Float32Array ? values : Float32Array.from(values);
}

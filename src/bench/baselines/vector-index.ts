/** Brute-force cosine search over unit vectors of raw turns (exact, so no ANN error in the baseline). */
import type { Embedder } from '../../models/embedder.js';
import type { BenchMessage } from '../types.js';

export interface VectorHit {
  index: number;
  score: number;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

export class VectorIndex {
  private constructor(private readonly vectors: Float32Array[]) {}

  static async build(embedder: Embedder, messages: readonly BenchMessage[], batchSize = 256): Promise<VectorIndex> {
    const vectors: Float32Array[] = [];
    for (let i = 0; i < messages.length; i += batchSize) {
      vectors.push(...(await embedder.embed(messages.slice(i, i + batchSize).map((m) => m.content))));
    }
    return new VectorIndex(vectors);
  }

  /** Cosine similarity of the query to every turn, in message order. */
  scores(query: Float32Array): number[] {
    return this.vectors.map((v) => dot(query, v));
  }

  search(query: Float32Array, limit: number): VectorHit[] {
    return topK(this.scores(query), limit);
  }
}

export function topK(scores: readonly number[], limit: number): VectorHit[] {
  return scores
    .map((score, index) => ({ index, score }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit);
}

import { isStopword } from '../../../text/stopwords.js';
import type { GloveTable } from './glove-table.js';

export interface WordNeighbor {
  word: string;
  similarity: number;
}

const WORD_LIKE = /^[\p{L}\p{N}][\p{L}\p{N}'_-]*$/u;

/**
 * Brute-force cosine neighbours over the N most frequent words (int8 rows, no dequantizing:
 * a row's scale does not change its direction). 50K words × 100 dims is ~5M multiply-adds,
 * a few milliseconds; rarer words make poor synonyms anyway.
 */
export class WordNeighbors {
  private norms: Float32Array | null = null;
  private eligible: Uint8Array | null = null;
  private readonly limit: number;

  constructor(private readonly table: GloveTable, topWords = 50_000) {
    this.limit = Math.min(topWords, table.words.length);
  }

  nearest(word: string, k: number): WordNeighbor[] {
    const row = this.table.index.get(word.toLowerCase());
    if (row === undefined || k <= 0) return [];
    const { norms, eligible } = this.prepare();
    const { matrix, dimensions } = this.table;
    const query = matrix.subarray(row * dimensions, (row + 1) * dimensions);
    const queryNorm = Math.sqrt(query.reduce((s, v) => s + v * v, 0)) || 1;
    const best: WordNeighbor[] = [];
    for (let r = 0; r < this.limit; r++) {
      if (r === row || !eligible[r]) continue;
      let sum = 0;
      const base = r * dimensions;
      for (let d = 0; d < dimensions; d++) sum += matrix[base + d] * query[d];
      const similarity = sum / (norms[r] * queryNorm);
      if (best.length === k && similarity <= best[k - 1].similarity) continue;
      let at = best.length < k ? best.length : k - 1;
      while (at > 0 && best[at - 1].similarity < similarity) at--;
      best.splice(at, 0, { word: this.table.words[r], similarity });
      if (best.length > k) best.pop();
    }
    return best;
  }

  private prepare(): { norms: Float32Array; eligible: Uint8Array } {
    if (this.norms && this.eligible) return { norms: this.norms, eligible: this.eligible };
    const { matrix, dimensions, words } = this.table;
    const norms = new Float32Array(this.limit);
    const eligible = new Uint8Array(this.limit);
    for (let r = 0; r < this.limit; r++) {
      let sum = 0;
      for (let d = 0; d < dimensions; d++) sum += matrix[r * dimensions + d] ** 2;
      norms[r] = Math.sqrt(sum) || 1;
      eligible[r] = WORD_LIKE.test(words[r]) && !isStopword(words[r]) ? 1 : 0;
    }
    this.norms = norms;
    this.eligible = eligible;
    return { norms, eligible };
  }
}

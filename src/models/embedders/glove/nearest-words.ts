import { isStopword } from '../../../text/stopwords.js';
import type { WordVectors } from './word-vectors.js';

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

  constructor(private readonly table: WordVectors, topWords = 50_000) {
    this.limit = Math.min(topWords, table.count);
  }

  nearest(word: string, k: number): WordNeighbor[] {
    const row = this.table.rowOf(word.toLowerCase());
    if (row === undefined || k <= 0) return [];
    const { norms, eligible } = this.prepare();
    const { dimensions } = this.table;
    const matrix = this.table.topRows(this.limit);
    const query = row < this.limit ? matrix.subarray(row * dimensions, (row + 1) * dimensions) : this.rowValues(row);
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
      best.splice(at, 0, { word: this.table.wordAt(r), similarity });
      if (best.length > k) best.pop();
    }
    return best;
  }

  private prepare(): { norms: Float32Array; eligible: Uint8Array } {
    if (this.norms && this.eligible) return { norms: this.norms, eligible: this.eligible };
    const { dimensions } = this.table;
    const matrix = this.table.topRows(this.limit);
    const norms = new Float32Array(this.limit);
    const eligible = new Uint8Array(this.limit);
    for (let r = 0; r < this.limit; r++) {
      let sum = 0;
      for (let d = 0; d < dimensions; d++) sum += matrix[r * dimensions + d] ** 2;
      norms[r] = Math.sqrt(sum) || 1;
      const word = this.table.wordAt(r);
      eligible[r] = WORD_LIKE.test(word) && !isStopword(word) ? 1 : 0;
    }
    this.norms = norms;
    this.eligible = eligible;
    return { norms, eligible };
  }

  /** A rarer word's int8 values (only the direction matters): its row added with weight 1, rounded back. */
  private rowValues(row: number): Int8Array {
    const sum = new Float32Array(this.table.dimensions);
    this.table.addRow(row, 1, sum);
    const max = sum.reduce((m, v) => Math.max(m, Math.abs(v)), 0) || 1;
    return Int8Array.from(sum, (v) => Math.round((v / max) * 127));
  }
}

import { addRow, type GloveTable } from './glove-table.js';
import { commonDirection, sifWeights } from './sif-weights.js';

/**
 * The word-vector table as the embedder reads it: a word's row, a row added into a sum, and the
 * most frequent rows as one block (for neighbour search). Two sources: a table decoded whole in
 * memory, and the lookup file read a row at a time (see glove-lookup-file.ts).
 */
export interface WordVectors {
  readonly dimensions: number;
  /** Rows in the table (frequency ranks 0..count-1). */
  readonly count: number;
  /** Vocabulary size of the source, for Zipf frequency estimates even when truncated. */
  readonly totalVocab: number;
  /** SIF's common component of this table (see sif-weights.ts). */
  readonly common: Float32Array;
  /** The first row holding `word` exactly, or undefined. */
  rowOf(word: string): number | undefined;
  wordAt(row: number): string;
  /** Adds row `row`, dequantized and scaled by `weight`, into `out`. */
  addRow(row: number, weight: number, out: Float32Array): void;
  /** The int8 rows 0..limit-1, one after another (a row's scale does not change its direction). */
  topRows(limit: number): Int8Array;
}

/** A decoded table as WordVectors. */
export function tableWordVectors(table: GloveTable): WordVectors {
  const common = commonDirection(table, sifWeights(table.words.length, table.totalVocab));
  return {
    dimensions: table.dimensions,
    count: table.words.length,
    totalVocab: table.totalVocab,
    common,
    rowOf: (word) => table.index.get(word),
    wordAt: (row) => table.words[row],
    addRow: (row, weight, out) => addRow(table, row, weight, out),
    topRows: (limit) => table.matrix.subarray(0, limit * table.dimensions),
  };
}

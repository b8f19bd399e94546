import type { Embedder } from '../../embedder.js';
import { isStopword } from '../../../text/stopwords.js';
import { words } from '../../../text/tokenize.js';
import { fallbackVector, normalizeInPlace } from '../vector-math.js';
import { addRow, type GloveTable } from './glove-table.js';
import { WordNeighbors, type WordNeighbor } from './nearest-words.js';
import { rowsForWord } from './word-rows.js';
import { tableWordVectors } from './word-vectors.js';
import { principalDirections, removeDirections } from './principal-components.js';
import { commonDirection, sifWeights } from './sif-weights.js';

/** Variants of the sentence math (bench/embedder-variants.ts); the defaults are what ships. */
export interface GloveMathOptions {
  /** Principal directions removed besides the common one (0: only the common direction). */
  components?: number;
  /** SIF's smoothing constant a (default 1e-3). */
  sifA?: number;
  /** Keep the common direction (no removal at all): for measuring its contribution. */
  keepCommon?: boolean;
}

/**
 * The GloVe sentence embedder with its math made variable, over a table decoded in memory: for
 * measuring variants (bench/embedder-variants.ts). What ships is `GloveEmbedder`; with default
 * options both give the same vectors and id.
 */
export class GloveVariantEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly inProcess = true;
  private readonly weights: Float32Array;
  private readonly removed: Float32Array[];
  private readonly neighbors: WordNeighbors;

  constructor(private readonly table: GloveTable, idSuffix = '', math: GloveMathOptions = {}) {
    this.dimensions = table.dimensions;
    this.id = `glove-wink-${table.dimensions}d-int8${idSuffix}${mathSuffix(math)}@1`;
    this.weights = sifWeights(table.words.length, table.totalVocab, math.sifA);
    const common = commonDirection(table, this.weights);
    this.removed = math.keepCommon ? [] : [common, ...principalDirections(table, this.weights, common, math.components ?? 0)];
    this.neighbors = new WordNeighbors(tableWordVectors(table));
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }

  embedOne(text: string): Float32Array {
    const out = new Float32Array(this.dimensions);
    for (const word of words(text)) {
      if (isStopword(word)) continue;
      for (const row of this.rowsFor(word)) addRow(this.table, row, this.weights[row], out);
    }
    removeDirections(out, this.removed);
    return normalizeInPlace(out) ? out : fallbackVector(text, this.dimensions);
  }

  /** Cosine-nearest frequent words, for query-synonym expansion. */
  nearestWords(word: string, k: number): WordNeighbor[] {
    return this.neighbors.nearest(word, k);
  }

  /** The word's rank in the source's frequency order (0: most frequent), for rarity weights. */
  frequencyRank(word: string): number | undefined {
    return this.table.index.get(word.toLowerCase());
  }

  get vocabularySize(): number {
    return this.table.totalVocab;
  }

  hasWord(word: string): boolean {
    return this.table.index.has(word.toLowerCase());
  }

  private rowsFor(word: string): number[] {
    return rowsForWord(word, (w) => this.table.index.get(w));
  }
}

function mathSuffix(m: GloveMathOptions): string {
  return (m.components ? `-pc${m.components}` : '') + (m.sifA !== undefined ? `-a${m.sifA}` : '') + (m.keepCommon ? '-nocommon' : '');
}

import type { Embedder } from '../../embedder.js';
import { isStopword } from '../../../text/stopwords.js';
import { words } from '../../../text/tokenize.js';
import { dot, fallbackVector, normalizeInPlace } from '../vector-math.js';
import { type GloveCacheOptions, openWordVectors } from './glove-cache.js';
import type { GloveTable } from './glove-table.js';
import { WordNeighbors, type WordNeighbor } from './nearest-words.js';
import { rowsForWord } from './word-rows.js';
import { sifWeightOf } from './sif-weights.js';
import { tableWordVectors, type WordVectors } from './word-vectors.js';

/**
 * Offline sentence embedder over static GloVe vectors: SIF-weighted average of the non-stopword
 * words, minus the common component, L2-normalized. Texts with no known content word get
 * `fallbackVector` (unit length, stable per text, near-orthogonal to everything else).
 */
export class GloveEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly inProcess = true;
  private readonly table: WordVectors;
  private readonly common: Float32Array;
  private readonly neighbors: WordNeighbors;

  /** Over a table decoded in memory, or over word vectors read on demand (the lookup file). */
  constructor(source: GloveTable | WordVectors, idSuffix = '') {
    const table = 'rowOf' in source ? source : tableWordVectors(source);
    this.table = table;
    this.dimensions = table.dimensions;
    this.id = `glove-wink-${table.dimensions}d-int8${idSuffix}@1`;
    this.common = table.common;
    this.neighbors = new WordNeighbors(table);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }

  embedOne(text: string): Float32Array {
    const out = new Float32Array(this.dimensions);
    for (const word of words(text)) {
      if (isStopword(word)) continue;
      for (const row of this.rowsFor(word)) this.table.addRow(row, sifWeightOf(row, this.table.totalVocab), out);
    }
    const projection = dot(out, this.common);
    for (let d = 0; d < this.dimensions; d++) out[d] -= projection * this.common[d];
    return normalizeInPlace(out) ? out : fallbackVector(text, this.dimensions);
  }

  /** Cosine-nearest frequent words, for query-synonym expansion. */
  nearestWords(word: string, k: number): WordNeighbor[] {
    return this.neighbors.nearest(word, k);
  }

  /** The word's rank in the source's frequency order (0: most frequent), for rarity weights. */
  frequencyRank(word: string): number | undefined {
    return this.table.rowOf(word.toLowerCase());
  }

  get vocabularySize(): number {
    return this.table.totalVocab;
  }

  hasWord(word: string): boolean {
    return this.table.rowOf(word.toLowerCase()) !== undefined;
  }

  private rowsFor(word: string): number[] {
    return rowsForWord(word, (w) => this.table.rowOf(w));
  }
}

const loaded = new Map<string, Promise<GloveEmbedder>>();

/** Opens the word vectors (converting once if needed) and memoizes per cache file: one per process. */
export function createGloveEmbedder(opts: GloveCacheOptions): Promise<GloveEmbedder> {
  const key = `${opts.cacheDir}\0${opts.sourcePath ?? ''}\0${opts.maxWords ?? ''}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = openWordVectors(opts).then((vectors) => new GloveEmbedder(vectors, opts.maxWords ? `-top${opts.maxWords}` : ''));
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

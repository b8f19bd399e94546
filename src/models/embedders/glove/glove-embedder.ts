import type { Embedder } from '../../embedder.js';
import { isStopword } from '../../../text/stopwords.js';
import { words } from '../../../text/tokenize.js';
import { fallbackVector, normalizeInPlace } from '../vector-math.js';
import { loadGloveTable, type GloveCacheOptions } from './glove-cache.js';
import { addRow, type GloveTable } from './glove-table.js';
import { WordNeighbors, type WordNeighbor } from './nearest-words.js';
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
 * Offline sentence embedder over static GloVe vectors: SIF-weighted average of the non-stopword
 * words, minus the common component, L2-normalized. Texts with no known content word get
 * `fallbackVector` (unit length, stable per text, near-orthogonal to everything else).
 */
export class GloveEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  private readonly weights: Float32Array;
  private readonly removed: Float32Array[];
  private readonly neighbors: WordNeighbors;

  constructor(private readonly table: GloveTable, idSuffix = '', math: GloveMathOptions = {}) {
    this.dimensions = table.dimensions;
    this.id = `glove-wink-${table.dimensions}d-int8${idSuffix}${mathSuffix(math)}@1`;
    this.weights = sifWeights(table.words.length, table.totalVocab, math.sifA);
    const common = commonDirection(table, this.weights);
    this.removed = math.keepCommon ? [] : [common, ...principalDirections(table, this.weights, common, math.components ?? 0)];
    this.neighbors = new WordNeighbors(table);
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
    const direct = this.table.index.get(word);
    if (direct !== undefined) return [direct];
    if (word.endsWith("'s")) return this.rowsFor(word.slice(0, -2));
    if (/[-_']/.test(word)) {
      return word
        .split(/[-_']+/)
        .filter((part) => part && !isStopword(part))
        .flatMap((part) => {
          const row = this.table.index.get(part);
          return row === undefined ? [] : [row];
        });
    }
    return [];
  }
}

function mathSuffix(m: GloveMathOptions): string {
  return (m.components ? `-pc${m.components}` : '') + (m.sifA !== undefined ? `-a${m.sifA}` : '') + (m.keepCommon ? '-nocommon' : '');
}

const loaded = new Map<string, Promise<GloveEmbedder>>();

/** Loads (converting once if needed) and memoizes per cache file: one table per process. */
export function createGloveEmbedder(opts: GloveCacheOptions): Promise<GloveEmbedder> {
  const key = `${opts.cacheDir}\0${opts.sourcePath ?? ''}\0${opts.maxWords ?? ''}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = loadGloveTable(opts).then(
      ({ table }) => new GloveEmbedder(table, opts.maxWords ? `-top${opts.maxWords}` : ''),
    );
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

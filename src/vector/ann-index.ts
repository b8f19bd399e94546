import { renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Index, ScalarKind } from 'usearch';

// Loaded through require: its ES module entry never finishes loading in a worker thread under
// tsx's loader (recall threads started from TypeScript sources); the CommonJS entry does. Loaded
// on first use: a one-shot recall that reads its graphs from their files never needs the addon.
let loaded: typeof import('usearch') | undefined;
const usearchLib = () => (loaded ??= createRequire(import.meta.url)('usearch') as typeof import('usearch'));
import { tempPathFor } from './atomic-file.js';

/**
 * Approximate nearest-neighbour index (HNSW via usearch) over unit vectors with numeric keys.
 *
 * Intended integration: the SQLite store keeps exact (brute-force) search while a profile has
 * fewer than ~5K vectors of a kind (under a millisecond, perfectly accurate); above that three
 * searches per recall add up, so it builds one AnnIndex per vector kind, persisted beside the database file and
 * treated as a rebuildable cache of the vectors table (see IdVectorIndex).
 */
export type AnnQuantization = 'f32' | 'f16' | 'i8';

export interface AnnIndexOptions {
  dimensions: number;
  /** i8 halves memory vs f16 and quarters it vs f32; see bench/vector-perf.ts for recall. */
  quantization?: AnnQuantization;
  /** HNSW M: edges per node. */
  connectivity?: number;
  /** ef at build time: higher builds slower, better graphs. */
  expansionAdd?: number;
  /** ef at query time: the recall/latency knob. */
  expansionSearch?: number;
}

export interface AnnMatch {
  key: bigint;
  /** Cosine distance (1 − cosine similarity). */
  distance: number;
}

/**
 * f16: half the bytes of f32 per vector, in memory and in the saved (memory-mapped) file, at the
 * same recall@10 (`npm run bench:vectors -- --quant f32,f16,i8`). A graph saved as f32 by an
 * earlier version keeps its own scalar kind when loaded or viewed (usearch reads it from the file).
 */
export const ANN_DEFAULTS = { quantization: 'f16', connectivity: 16, expansionAdd: 128, expansionSearch: 96 } as const;

export class AnnIndex {
  private readonly index: Index;

  constructor(readonly options: AnnIndexOptions) {
    const o = { ...ANN_DEFAULTS, ...options };
    const usearch = usearchLib();
    this.index = new usearch.Index({
      dimensions: o.dimensions,
      metric: usearch.MetricKind.Cos,
      quantization: o.quantization as ScalarKind,
      connectivity: o.connectivity,
      expansion_add: o.expansionAdd,
      expansion_search: o.expansionSearch,
      multi: false,
    });
  }

  get size(): number {
    return this.index.size();
  }

  get dimensions(): number {
    return this.options.dimensions;
  }

  /** Adds or replaces the vector of a key. */
  add(key: bigint | number, vector: Float32Array): void {
    const k = BigInt(key);
    if (this.index.contains(k)) this.index.remove(k);
    this.index.add(k, vector);
  }

  /** Bulk insert of new keys (rows of a flat matrix); uses all cores. */
  addMany(keys: BigUint64Array, matrix: Float32Array): void {
    if (keys.length > 0) this.index.add(keys, matrix, 0);
  }

  remove(key: bigint | number): boolean {
    return Number(this.index.remove(BigInt(key))) > 0;
  }

  has(key: bigint | number): boolean {
    return this.index.contains(BigInt(key)) as boolean;
  }

  /**
   * The k nearest keys that pass `filter`. usearch's JS binding has no predicate search, so a
   * filtered query over-fetches (`firstFetch`, default 4k) and widens (×4 each round) until k pass
   * or the index is exhausted.
   */
  search(vector: Float32Array, k: number, filter?: (key: bigint) => boolean, firstFetch?: number): AnnMatch[] {
    const found = this.searchKeys(vector, k, filter && ((key) => filter(BigInt(key))), firstFetch);
    return found.keys.map((key, i) => ({ key: BigInt(key), distance: found.distances[i] }));
  }

  /**
   * `search` with keys as numbers (exact below 2^53, which sequential keys never reach) in two
   * parallel arrays: no BigInt per hit for callers that map keys through their own tables.
   */
  searchKeys(vector: Float32Array, k: number, filter?: (key: number) => boolean, firstFetch?: number): { keys: number[]; distances: number[] } {
    const size = this.size;
    const keys: number[] = [];
    const distances: number[] = [];
    if (k <= 0 || size === 0) return { keys, distances };
    let fetch = Math.min(size, Math.max(k, filter ? (firstFetch ?? k * 4) : k));
    for (;;) {
      const found = this.index.search(vector, fetch, 1);
      for (let i = 0; i < found.keys.length && keys.length < k; i++) {
        const key = Number(found.keys[i]);
        if (!filter || filter(key)) {
          keys.push(key);
          distances.push(found.distances[i]);
        }
      }
      if (keys.length >= k || fetch >= size || found.keys.length < fetch) return { keys, distances };
      keys.length = 0;
      distances.length = 0;
      fetch = Math.min(size, fetch * 4);
    }
  }

  /** Atomic: writes a temp file and renames it over `path`. */
  async save(path: string): Promise<void> {
    this.saveSync(path);
  }

  /** Synchronous atomic save, for callers that must not let the index change mid-write. */
  saveSync(path: string): void {
    const temp = tempPathFor(path);
    try {
      this.index.save(temp);
      renameSync(temp, path);
    } catch (err) {
      rmSync(temp, { force: true });
      throw err;
    }
  }

  /**
   * Memory-maps a saved index without reading it into RAM: searchable at once, read-only (the
   * file must not be replaced in place while viewed; saves always write a new file). `reuse`: a
   * viewed index no longer searched, which then views the new file.
   */
  static view(path: string, options: AnnIndexOptions, reuse?: AnnIndex): AnnIndex {
    // Viewing in place of an older view releases its mapping now instead of when the wrapper is
    // collected (V8 does not see a mapping's size, so that could be many saves later).
    const ann = reuse && reuse.options.dimensions === options.dimensions ? reuse : new AnnIndex(options);
    ann.index.view(path);
    if (ann.index.dimensions() !== options.dimensions) {
      throw new Error(`index at ${path} has ${ann.index.dimensions()} dimensions, expected ${options.dimensions}`);
    }
    return ann;
  }

  /** Loads a saved index; options must match how it was built (dimensions at least). */
  static load(path: string, options: AnnIndexOptions): AnnIndex {
    const ann = new AnnIndex(options);
    ann.index.load(path);
    if (ann.index.dimensions() !== options.dimensions) {
      throw new Error(`index at ${path} has ${ann.index.dimensions()} dimensions, expected ${options.dimensions}`);
    }
    return ann;
  }
}

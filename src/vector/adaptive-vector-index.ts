import { ANN_DEFAULTS, type AnnQuantization } from './ann-index.js';
import { HnswVectorIndex, type VectorIndexLike } from './hnsw-vector-index.js';

export interface AdaptiveIndexOptions {
  /** Switch from exact to HNSW once this many vectors are held. */
  threshold?: number;
  quantization?: AnnQuantization;
}

/** Measured crossover (bench/vector-perf.ts): exact JS scan ≈ 0.9 ms at 10K, ≈ 9 ms at 100K. */
export const ANN_THRESHOLD = 5_000;

/**
 * Exact search while small (perfect recall, no build cost), HNSW once past the threshold.
 * Keeps a shadow copy of the rows while exact so the switch can bulk-build the graph
 * (≈ 2-3 s at 20K on 2 cores, once). It never switches back: deletions rarely shrink a store by
 * that much, and a rebuild at the next load picks exact again.
 */
export class AdaptiveVectorIndex<A> implements VectorIndexLike<A> {
  private exact: VectorIndexLike<A> | null;
  private shadow: Map<string, { vector: Float32Array; attrs: A }> | null = new Map();
  private hnsw: HnswVectorIndex<A> | null = null;
  private readonly threshold: number;

  constructor(
    exact: VectorIndexLike<A>,
    private readonly options: AdaptiveIndexOptions = {},
  ) {
    this.exact = exact;
    this.threshold = options.threshold ?? ANN_THRESHOLD;
  }

  get dimensions(): number {
    return (this.hnsw ?? this.exact)!.dimensions;
  }

  get size(): number {
    return (this.hnsw ?? this.exact)!.size;
  }

  get isApproximate(): boolean {
    return this.hnsw !== null;
  }

  upsert(id: string, vector: Float32Array, attrs: A): void {
    if (this.hnsw) return this.hnsw.upsert(id, vector, attrs);
    this.exact!.upsert(id, vector, attrs);
    this.shadow!.set(id, { vector: Float32Array.from(vector), attrs });
    if (this.shadow!.size >= this.threshold) this.switchToHnsw();
  }

  remove(id: string): void {
    if (this.hnsw) return this.hnsw.remove(id);
    this.exact!.remove(id);
    this.shadow!.delete(id);
  }

  search(query: Float32Array, limit: number, accept?: (attrs: A) => boolean): { id: string; score: number }[] {
    return (this.hnsw ?? this.exact)!.search(query, limit, accept);
  }

  private switchToHnsw(): void {
    const rows = [...this.shadow!].map(([id, row]) => ({ id, ...row }));
    const quantization = this.options.quantization ?? ANN_DEFAULTS.quantization;
    this.hnsw = HnswVectorIndex.build<A>({ dimensions: this.exact!.dimensions, quantization }, rows);
    this.exact = null;
    this.shadow = null;
  }
}

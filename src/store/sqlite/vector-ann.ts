import { ANN_DEFAULTS } from '../../vector/ann-index.js';
import { HnswVectorIndex } from '../../vector/hnsw-vector-index.js';
import type { VectorAttrs, VectorHit, VectorIndex } from '../../vector/exact-vector-index.js';

/**
 * The store's approximate index of one kind: HNSW (usearch) over string ids with the filter
 * attributes, plus a count per session so a search can tell when a session filter is so
 * selective that an exact scan of that session beats over-fetching from the graph.
 */
export class AnnVectorIndex implements VectorIndex {
  private readonly sessions = new Map<string, number>();

  private constructor(private readonly hnsw: HnswVectorIndex<VectorAttrs>) {}

  static create(dimensions: number): AnnVectorIndex {
    return new AnnVectorIndex(HnswVectorIndex.create<VectorAttrs>({ dimensions, quantization: ANN_DEFAULTS.quantization }));
  }

  /** Opens a graph saved by `save`; throws when it is unreadable or disagrees with its id map. */
  static load(graphPath: string, dimensions: number, idsText: string, attrsOf: (id: string) => VectorAttrs | undefined): AnnVectorIndex {
    const seen: VectorAttrs[] = [];
    const hnsw = HnswVectorIndex.loadSync<VectorAttrs>(graphPath, { dimensions }, idsText, (id) => {
      const attrs = attrsOf(id);
      if (attrs) seen.push(attrs);
      return attrs;
    });
    const index = new AnnVectorIndex(hnsw);
    for (const attrs of seen) index.count(attrs, 1);
    return index;
  }

  get dimensions(): number {
    return this.hnsw.dimensions;
  }

  get size(): number {
    return this.hnsw.size;
  }

  /** Vectors of one session (an upper bound on what a session-filtered search can return). */
  sessionSize(sessionId: string): number {
    return this.sessions.get(sessionId) ?? 0;
  }

  /** Bulk insert of new ids (multi-threaded). */
  addMany(ids: string[], matrix: Float32Array, attrs: VectorAttrs[]): void {
    this.hnsw.addMany(ids, matrix, attrs);
    for (const a of attrs) this.count(a, 1);
  }

  upsert(id: string, vector: Float32Array, attrs: VectorAttrs): void {
    const old = this.hnsw.attrsOf(id);
    if (old) this.count(old, -1);
    this.hnsw.upsert(id, vector, attrs);
    this.count(attrs, 1);
  }

  remove(id: string): void {
    const old = this.hnsw.attrsOf(id);
    if (!old) return;
    this.hnsw.remove(id);
    this.count(old, -1);
  }

  search(query: Float32Array, limit: number, accept?: (attrs: VectorAttrs) => boolean, firstFetch?: number): VectorHit[] {
    return this.hnsw.search(query, limit, accept, firstFetch);
  }

  /** Writes the graph to `graphPath` atomically; returns the matching id map text. */
  save(graphPath: string): string {
    return this.hnsw.saveGraphSync(graphPath);
  }

  private count(attrs: VectorAttrs, delta: number): void {
    if (attrs.sessionId === null) return;
    const n = (this.sessions.get(attrs.sessionId) ?? 0) + delta;
    if (n > 0) this.sessions.set(attrs.sessionId, n);
    else this.sessions.delete(attrs.sessionId);
  }
}

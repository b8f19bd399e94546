// fs.promises on use: importing node:fs/promises compiles nine of Node's modules a cold command never needs.
import fs from 'node:fs';
import { AnnIndex, type AnnIndexOptions } from './ann-index.js';
import { writeFileAtomic } from './atomic-file.js';
import { IdKeyMap } from './id-key-map.js';

/**
 * The shape of the SQLite store's in-process index seam (src/vector/exact-vector-index.ts),
 * restated structurally so this module does not depend on the store.
 */
export interface VectorIndexLike<A> {
  readonly dimensions: number;
  readonly size: number;
  upsert(id: string, vector: Float32Array, attrs: A): void;
  remove(id: string): void;
  /** Best `limit` hits by cosine similarity among entries `accept` lets through, best first. */
  search(query: Float32Array, limit: number, accept?: (attrs: A) => boolean): { id: string; score: number }[];
}

/** HNSW-backed VectorIndexLike: string ids and per-entry attributes (e.g. type, sessionId). */
export class HnswVectorIndex<A> implements VectorIndexLike<A> {
  /** By key as a number (see IdKeyMap): BigInt Map keys hash slowly. */
  private readonly attrs = new Map<number, A>();

  private constructor(
    private readonly ann: AnnIndex,
    private readonly ids: IdKeyMap,
  ) {}

  static create<A>(options: AnnIndexOptions): HnswVectorIndex<A> {
    return new HnswVectorIndex<A>(new AnnIndex(options), new IdKeyMap());
  }

  /** Bulk build from rows (multi-threaded); much faster than upserting one by one. */
  static build<A>(options: AnnIndexOptions, rows: Iterable<{ id: string; vector: Float32Array; attrs: A }>): HnswVectorIndex<A> {
    const index = HnswVectorIndex.create<A>(options);
    const list = [...rows];
    const matrix = new Float32Array(list.length * options.dimensions);
    list.forEach((row, i) => matrix.set(row.vector, i * options.dimensions));
    index.addMany(list.map((r) => r.id), matrix, list.map((r) => r.attrs));
    return index;
  }

  /** Bulk insert (multi-threaded) of ids not yet present; `matrix` holds one row per id. */
  addMany(ids: readonly string[], matrix: Float32Array, attrs: readonly A[]): void {
    const keys = new BigUint64Array(ids.length);
    ids.forEach((id, i) => {
      if (this.ids.keyOf(id) !== undefined) throw new Error(`addMany: id ${id} is already indexed`);
      keys[i] = this.ids.assign(id);
      this.attrs.set(Number(keys[i]), attrs[i]);
    });
    this.ann.addMany(keys, matrix);
  }

  get dimensions(): number {
    return this.ann.dimensions;
  }

  get size(): number {
    return this.ann.size;
  }

  upsert(id: string, vector: Float32Array, attrs: A): void {
    const key = this.ids.assign(id);
    this.ann.add(key, vector);
    this.attrs.set(Number(key), attrs);
  }

  remove(id: string): void {
    const key = this.ids.delete(id);
    if (key === undefined) return;
    this.ann.remove(key);
    this.attrs.delete(Number(key));
  }

  /** `firstFetch`: how many candidates a filtered search looks at first (see AnnIndex.search). */
  search(query: Float32Array, limit: number, accept?: (attrs: A) => boolean, firstFetch?: number): { id: string; score: number }[] {
    const filter = accept ? (key: number) => { const a = this.attrs.get(key); return a !== undefined && accept(a); } : undefined;
    const found = this.ann.searchKeys(query, limit, filter, firstFetch);
    const out: { id: string; score: number }[] = [];
    for (let i = 0; i < found.keys.length; i++) {
      const id = this.ids.idOf(found.keys[i]);
      if (id !== undefined) out.push({ id, score: Math.max(-1, Math.min(1, 1 - found.distances[i])) });
    }
    return out;
  }

  attrsOf(id: string): A | undefined {
    const key = this.ids.keyOf(id);
    return key === undefined ? undefined : this.attrs.get(Number(key));
  }

  /** Writes `<path>.ids` then `<path>`; both atomically. Attributes are not persisted. */
  async save(path: string): Promise<void> {
    await writeFileAtomic(`${path}.ids`, this.ids.serialize());
    await this.ann.save(path);
  }

  /**
   * Synchronous snapshot: writes the graph to `graphPath` (atomically) and returns the id map's
   * text, both taken at the same instant, for callers that keep their own manifest.
   */
  saveGraphSync(graphPath: string): string {
    const ids = this.ids.serialize();
    this.ann.saveSync(graphPath);
    return ids;
  }

  /**
   * Loads a saved pair; `attrsOf` re-supplies attributes from the source table. Throws when
   * files are missing or disagree: the caller then rebuilds with `build`.
   */
  static async load<A>(path: string, options: AnnIndexOptions, attrsOf: (id: string) => A | undefined): Promise<HnswVectorIndex<A>> {
    return HnswVectorIndex.loadSync(path, options, await fs.promises.readFile(`${path}.ids`, 'utf8'), attrsOf);
  }

  /** `load` from a graph file and id-map text (from `saveGraphSync`). */
  static loadSync<A>(graphPath: string, options: AnnIndexOptions, idsText: string, attrsOf: (id: string) => A | undefined): HnswVectorIndex<A> {
    const ids = IdKeyMap.parse(idsText);
    const ann = AnnIndex.load(graphPath, options);
    if (ann.size !== ids.size) throw new Error(`vector index ${graphPath} is out of sync with its id map`);
    const index = new HnswVectorIndex<A>(ann, ids);
    for (const [id, key] of ids.entries()) {
      const attrs = attrsOf(id);
      if (attrs === undefined) throw new Error(`vector index ${graphPath} has id ${id} that the table does not`);
      index.attrs.set(Number(key), attrs);
    }
    return index;
  }
}

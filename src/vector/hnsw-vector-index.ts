import { readFile } from 'node:fs/promises';
import { AnnIndex, type AnnIndexOptions } from './ann-index.js';
import { writeFileAtomic } from './atomic-file.js';
import { IdKeyMap } from './id-key-map.js';

/**
 * The shape of the SQLite store's in-process index seam (src/store/sqlite/vector-index.ts),
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
  private readonly attrs = new Map<bigint, A>();

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
    const keys = new BigUint64Array(list.length);
    const matrix = new Float32Array(list.length * options.dimensions);
    list.forEach((row, i) => {
      keys[i] = index.ids.assign(row.id);
      matrix.set(row.vector, i * options.dimensions);
      index.attrs.set(keys[i], row.attrs);
    });
    index.ann.addMany(keys, matrix);
    return index;
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
    this.attrs.set(key, attrs);
  }

  remove(id: string): void {
    const key = this.ids.delete(id);
    if (key === undefined) return;
    this.ann.remove(key);
    this.attrs.delete(key);
  }

  search(query: Float32Array, limit: number, accept?: (attrs: A) => boolean): { id: string; score: number }[] {
    const filter = accept ? (key: bigint) => { const a = this.attrs.get(key); return a !== undefined && accept(a); } : undefined;
    return this.ann.search(query, limit, filter).flatMap(({ key, distance }) => {
      const id = this.ids.idOf(key);
      return id === undefined ? [] : [{ id, score: Math.max(-1, Math.min(1, 1 - distance)) }];
    });
  }

  /** Writes `<path>.ids` then `<path>`; both atomically. Attributes are not persisted. */
  async save(path: string): Promise<void> {
    await writeFileAtomic(`${path}.ids`, this.ids.serialize());
    await this.ann.save(path);
  }

  /**
   * Loads a saved pair; `attrsOf` re-supplies attributes from the source table. Throws when
   * files are missing or disagree: the caller then rebuilds with `build`.
   */
  static async load<A>(path: string, options: AnnIndexOptions, attrsOf: (id: string) => A | undefined): Promise<HnswVectorIndex<A>> {
    const ids = IdKeyMap.parse(await readFile(`${path}.ids`, 'utf8'));
    const ann = AnnIndex.load(path, options);
    if (ann.size !== ids.size) throw new Error(`vector index ${path} is out of sync with its id map`);
    const index = new HnswVectorIndex<A>(ann, ids);
    for (const [id, key] of ids.entries()) {
      const attrs = attrsOf(id);
      if (attrs === undefined) throw new Error(`vector index ${path} has id ${id} that the table does not`);
      index.attrs.set(key, attrs);
    }
    return index;
  }
}

import { readFile } from 'node:fs/promises';
import { AnnIndex, type AnnIndexOptions } from './ann-index.js';
import { writeFileAtomic } from './atomic-file.js';
import { IdKeyMap } from './id-key-map.js';

export interface IdMatch {
  id: string;
  /** Cosine similarity in [-1, 1]. */
  similarity: number;
}

/**
 * AnnIndex addressed by string ids. Persisted as two files: `<path>` (usearch) and
 * `<path>.ids` (IdKeyMap). The pair is a cache of the store's vectors table: if loading fails or
 * the two disagree (e.g. a crash between the two renames), rebuild from the table.
 */
export class IdVectorIndex {
  private constructor(
    readonly ann: AnnIndex,
    private readonly ids: IdKeyMap,
  ) {}

  static create(options: AnnIndexOptions): IdVectorIndex {
    return new IdVectorIndex(new AnnIndex(options), new IdKeyMap());
  }

  get size(): number {
    return this.ann.size;
  }

  upsert(id: string, vector: Float32Array): void {
    this.ann.add(this.ids.assign(id), vector);
  }

  remove(id: string): boolean {
    const key = this.ids.delete(id);
    return key !== undefined && this.ann.remove(key);
  }

  has(id: string): boolean {
    return this.ids.keyOf(id) !== undefined;
  }

  search(vector: Float32Array, k: number, filter?: (id: string) => boolean): IdMatch[] {
    const keyFilter = filter ? (key: bigint) => { const id = this.ids.idOf(key); return id !== undefined && filter(id); } : undefined;
    return this.ann.search(vector, k, keyFilter).flatMap(({ key, distance }) => {
      const id = this.ids.idOf(key);
      return id === undefined ? [] : [{ id, similarity: 1 - distance }];
    });
  }

  async save(path: string): Promise<void> {
    await writeFileAtomic(`${path}.ids`, this.ids.serialize());
    await this.ann.save(path);
  }

  /** Throws when either file is missing, unreadable or they disagree in size. */
  static async load(path: string, options: AnnIndexOptions): Promise<IdVectorIndex> {
    const ids = IdKeyMap.parse(await readFile(`${path}.ids`, 'utf8'));
    const ann = AnnIndex.load(path, options);
    if (ann.size !== ids.size) throw new Error(`vector index ${path} is out of sync with its id map`);
    return new IdVectorIndex(ann, ids);
  }
}

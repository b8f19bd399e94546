import { ANN_DEFAULTS } from '../../vector/ann-index.js';
import { searchGraphFile } from './vector-ann-file-search.js';
import { GraphFile } from './vector-ann-graph-file.js';

/** What a viewed graph searches through: usearch's memory-mapped view (AnnIndex) or the file read in place. */
export interface GraphKeys {
  readonly size: number;
  readonly dimensions: number;
  searchKeys(query: Float32Array, k: number): { keys: number[]; distances: number[] };
}

/**
 * A saved graph searched from its file (GraphFile) with usearch's own search steps: opening it
 * reads the header and the levels (2 bytes a node), where usearch's view walks every node first.
 * For a process that searches a few times; each search costs more reads than a mapped one.
 */
export class GraphFileIndex implements GraphKeys {
  /** The last search: a recall often searches the same vector twice (its HyDE statement can embed as the question does). */
  private last: { query: Float32Array; k: number; found: { keys: number[]; distances: number[] } } | null = null;

  private constructor(private readonly file: GraphFile, private readonly expansion: number) {}

  /** Null when the file is of a kind this reader does not handle (usearch's view does). */
  static open(path: string, dimensions: number): GraphFileIndex | null {
    const file = GraphFile.open(path);
    if (!file) return null;
    if (file.dimensions !== dimensions) {
      file.close();
      throw new Error(`index at ${path} has ${file.dimensions} dimensions, expected ${dimensions}`);
    }
    return new GraphFileIndex(file, ANN_DEFAULTS.expansionSearch);
  }

  get size(): number {
    return this.file.present;
  }

  get dimensions(): number {
    return this.file.dimensions;
  }

  searchKeys(query: Float32Array, k: number): { keys: number[]; distances: number[] } {
    const last = this.last;
    if (last && last.k === k && last.query.length === query.length && last.query.every((x, i) => x === query[i])) {
      return { keys: [...last.found.keys], distances: [...last.found.distances] };
    }
    const found = searchGraphFile(this.file, query, Math.min(k, this.size), this.expansion);
    this.last = { query: query.slice(), k, found: { keys: [...found.keys], distances: [...found.distances] } };
    return found;
  }

  close(): void {
    this.file.close();
  }
}

import { ANN_DEFAULTS } from '../../vector/ann-index.js';
import { searchGraphFile } from './vector-ann-file-search.js';
import { GraphFile } from './vector-ann-graph-file.js';

/**
 * A beam this wide visits a large share of a graph's nodes (4K of 50K for 300, 14K for 2,050), and a
 * read per vector costs more than reading them all at once: one read of the vectors (up to
 * WHOLE_READ_BYTES, 10 MB for 50K vectors of 100 dimensions) took a search of 2,050 from 225 to
 * 180 ms of CPU, of 300 from 97 to 65. A usual beam (96) reads a few percent of them, one by one.
 */
const WIDE_BEAM = 128;
const WHOLE_READ_BYTES = 32 * 2 ** 20;

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
    const wanted = Math.min(k, this.size);
    if (Math.max(wanted, this.expansion) >= WIDE_BEAM && this.file.vectorBytes <= WHOLE_READ_BYTES) this.file.readAllVectors();
    const found = searchGraphFile(this.file, query, wanted, this.expansion);
    this.last = { query: query.slice(), k, found: { keys: [...found.keys], distances: [...found.distances] } };
    return found;
  }

  close(): void {
    this.file.close();
  }
}

import { AnnIndex, ANN_DEFAULTS } from '../../vector/ann-index.js';
import { ExactVectorIndex, type VectorAttrs, type VectorHit, type VectorIndex } from '../../vector/exact-vector-index.js';
import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { GraphFileIndex, type GraphKeys } from './vector-ann-file-index.js';
import { viewAnnFiles } from './vector-ann-files.js';
import { checkpointDelta } from './vector-checkpoint.js';
import type { IdMapFile } from './vector-id-file.js';
import { readLog } from './vector-log.js';
import { ownerAttrs, putRecord, recordsOf } from './vector-rows.js';

/** Past this many changes since the checkpoint, loading the graph and replaying them is better. */
const MAX_TOUCHED = 20_000;
/**
 * Searches a view reads from the graph file before it maps the graph with usearch instead: mapping
 * costs a walk over every node first (0.15 s at 100K vectors, 1 s at 1M), each search from the
 * file some thousand small reads (a few ms); a one-shot recall makes four or so.
 */
const FILE_SEARCHES = 16;

/** `file`: the graph is read in place for the first searches (a process that searches a few times); `mapped`: usearch maps it at once. */
export type GraphReader = 'file' | 'mapped';

/**
 * A read-only search over the saved HNSW graph of one kind, memory-mapped instead of loaded, for
 * a process that searches a few times and exits (a CLI command): opening it reads the manifest
 * and maps the graph, nothing proportional to the number of vectors. Rows changed since the
 * graph's checkpoint (from `vector_log`) are left out of the graph's hits and searched exactly
 * from the table instead; the filter attributes of the graph's hits are read from the table.
 */
export class ViewedAnnIndex implements VectorIndex {
  private constructor(
    private readonly conn: Connection,
    private readonly kind: VectorKind,
    private ann: GraphKeys,
    private readonly ids: IdMapFile,
    /** The graph file this view maps (a newer save writes another). */
    readonly graph: string,
    private readonly graphPath: string,
    /** The log position the graph reflects. */
    readonly checkpoint: number,
    /** Ids changed since the checkpoint: their graph entries are stale or gone. */
    private readonly touched: Set<string>,
    /** The current rows of the touched ids (exact search). */
    private readonly overlay: ExactVectorIndex,
  ) {}

  private searches = 0;

  /** Rows changed since the checkpoint (searched exactly beside the graph). */
  get changes(): number {
    return this.touched.size;
  }

  /** An upper bound (stale graph entries are counted too): callers only test it for zero. */
  get size(): number {
    return this.ann.size + this.overlay.size;
  }

  /**
   * Follows the log from `from` to `to` without remapping: the changed ids join the overlay.
   * False when that is not possible (a clear, or too many changes): the caller reopens or loads.
   */
  advance(from: number, to: number): boolean {
    const delta = readLog(this.conn, this.kind, from, to);
    if (delta.cleared || this.touched.size + delta.touched.length > MAX_TOUCHED) return false;
    for (const id of delta.touched) {
      this.touched.add(id);
      this.overlay.remove(id);
    }
    for (const r of recordsOf(this.conn, this.kind, delta.touched)) putRecord(this.overlay, r);
    return true;
  }

  /**
   * The view at log position `rev` (inside the caller's read transaction); null when nothing was
   * saved; throws when the files do not fit this database (the caller then loads instead).
   * `replaces`: the previous view, unusable from then on, whose mapping is released.
   */
  static open(conn: Connection, kind: VectorKind, prefix: string, rev: number, replaces?: ViewedAnnIndex, reader: GraphReader = 'mapped'): ViewedAnnIndex | null {
    replaces?.release();
    const files = viewAnnFiles(prefix, kind);
    if (!files) return null;
    const { manifest, ids } = files;
    try {
      const delta = checkpointDelta(conn, kind, prefix, manifest, rev);
      const ann = (reader === 'file' ? GraphFileIndex.open(files.graphPath, manifest.dimensions) : null) ?? mapGraph(files.graphPath, manifest.dimensions, replaces?.ann);
      if (ann.size !== manifest.size) throw new Error(`graph holds ${ann.size} vectors, its manifest ${manifest.size}`);
      if (delta.touched.length > MAX_TOUCHED) throw new Error(`${delta.touched.length} vectors changed since the checkpoint`);
      const overlay = new ExactVectorIndex(manifest.dimensions);
      for (const r of recordsOf(conn, kind, delta.touched)) putRecord(overlay, r);
      return new ViewedAnnIndex(conn, kind, ann, ids, manifest.graph, files.graphPath, manifest.rev, new Set(delta.touched), overlay);
    } catch (err) {
      ids.close();
      throw err;
    }
  }

  /** Closes the id map file: the view no longer searches (its graph mapping goes with `open(…, replaces)` or the collector). */
  release(): void {
    this.ids.close();
    if (this.ann instanceof GraphFileIndex) this.ann.close();
  }

  /** From now on searches go through usearch's mapping of the graph (a process that will search many times). */
  mapGraph(): void {
    if (!(this.ann instanceof GraphFileIndex)) return;
    const mapped = mapGraph(this.graphPath, this.ann.dimensions);
    if (mapped.size !== this.ann.size) throw new Error(`graph holds ${mapped.size} vectors, the file read ${this.ann.size}`);
    this.ann.close();
    this.ann = mapped;
  }

  get dimensions(): number {
    return this.ann.dimensions;
  }

  upsert(): void {
    throw new Error('a viewed vector index is read-only');
  }

  remove(): void {
    throw new Error('a viewed vector index is read-only');
  }

  search(query: Float32Array, limit: number, accept?: (attrs: VectorAttrs) => boolean, firstFetch?: number): VectorHit[] {
    if (limit <= 0) return [];
    if (++this.searches > FILE_SEARCHES) this.mapGraph();
    const fromOverlay = this.overlay.size > 0 ? this.overlay.search(query, limit, accept) : [];
    const total = this.ann.size;
    // Over-fetch for the filter and the stale entries; widen (×4) until enough pass or all were seen.
    let fetch = Math.min(total, Math.max(limit, (accept ? (firstFetch ?? limit * 4) : limit) + this.touched.size));
    for (;;) {
      const found = this.ann.searchKeys(query, fetch);
      const hits: VectorHit[] = [];
      const candidates: { id: string; score: number }[] = [];
      const ids = this.ids.idsOf(found.keys);
      for (let i = 0; i < found.keys.length; i++) {
        const id = ids[i];
        if (id !== undefined && !this.touched.has(id)) candidates.push({ id, score: Math.max(-1, Math.min(1, 1 - found.distances[i])) });
      }
      const attrs = accept ? this.attrsOf(candidates.map((c) => c.id)) : null;
      for (const c of candidates) {
        if (hits.length >= limit) break;
        if (attrs) {
          const a = attrs.get(c.id);
          if (!a || !accept!(a)) continue;
        }
        hits.push(c);
      }
      if (hits.length >= limit || fetch >= total || found.keys.length < fetch) return merge(hits, fromOverlay, limit);
      fetch = Math.min(total, fetch * 4);
    }
  }

  /** Candidates are graph entries not touched since the save: their vector rows are as saved. */
  private attrsOf(ids: string[]): Map<string, VectorAttrs> {
    return ownerAttrs(this.conn, this.kind, ids);
  }
}

function mapGraph(path: string, dimensions: number, reuse?: GraphKeys): AnnIndex {
  return AnnIndex.view(path, { dimensions, quantization: ANN_DEFAULTS.quantization }, reuse instanceof AnnIndex ? reuse : undefined);
}

function merge(a: VectorHit[], b: VectorHit[], limit: number): VectorHit[] {
  if (b.length === 0) return a;
  return [...a, ...b].sort((x, y) => y.score - x.score).slice(0, limit);
}

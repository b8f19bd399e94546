import { ANN_THRESHOLD } from '../../vector/adaptive-vector-index.js';
import type { VectorKind } from '../store.js';
import { exactIndexFactory, type VectorIndexFactory } from '../../vector/exact-vector-index.js';

/** What the per-kind vector index did; tests count rebuilds with it, operators can log it. */
export interface VectorIndexEvent {
  kind: VectorKind;
  event:
    | 'exact-load' // rows read from the table into the exact index
    | 'ann-load' // HNSW opened from the files beside the database
    | 'ann-view' // HNSW files memory-mapped read-only (searched with the rows changed since the save)
    | 'ann-reject' // files missing or inconsistent with the table (detail says why)
    | 'ann-build' // background HNSW build started
    | 'ann-built' // build finished and swapped in
    | 'ann-save' // files written
    | 'ann-error'; // build or save failed (search keeps working on what it has)
  size?: number;
  ms?: number;
  detail?: string;
}

export interface VectorOptions {
  /** The exact in-memory index (the default brute-force scan). */
  exactIndex?: VectorIndexFactory;
  /** Vectors of one kind at which search switches from exact to HNSW (default 5K). */
  annThreshold?: number;
  /** Keep HNSW indexes beside the database file (default: yes for file databases). */
  persistAnn?: boolean;
  /**
   * `all` (default): save the HNSW files after builds, every few thousand changes and on close.
   * `builds`: only after a build, for readers beside a writer process or thread that saves its own changes.
   * `compact`: as `all`, and while no index of a kind is loaded (a writer whose searches run in
   * recall threads), every `annSaveEvery` changes the files are compacted in a child process.
   * `none`: never saves or builds; for readers beside a `compact` writer (recall threads), which
   * search exactly until the writer's first graph is saved, then view it.
   */
  annSaves?: 'all' | 'builds' | 'compact' | 'none';
  /** `warm`: load (and build) only in `warm()`; searches before it view the saved HNSW graph. */
  loadOn?: 'search' | 'warm';
  /**
   * Changes between saves of the HNSW files (default 1,000, or 5 % of the index when more),
   * in-process or (annSaves `compact`) by compaction.
   */
  annSaveEvery?: number;
  onIndexEvent?: (event: VectorIndexEvent) => void;
}

export interface ResolvedVectorOptions {
  exactIndex: VectorIndexFactory;
  annThreshold: number;
  /** Path prefix of the files (`<db path>`), or null for no persistence. */
  filesPrefix: string | null;
  annSaves: NonNullable<VectorOptions['annSaves']>;
  loadOn: 'search' | 'warm';
  annSaveEvery: number;
  emit: (event: VectorIndexEvent) => void;
}

export function resolveVectorOptions(dbPath: string, options: VectorOptions = {}): ResolvedVectorOptions {
  const persist = options.persistAnn ?? true;
  const onEvent = options.onIndexEvent;
  return {
    exactIndex: options.exactIndex ?? exactIndexFactory,
    annThreshold: options.annThreshold ?? ANN_THRESHOLD,
    filesPrefix: persist && dbPath !== ':memory:' && dbPath !== '' ? dbPath : null,
    annSaves: options.annSaves ?? 'all',
    loadOn: options.loadOn ?? 'search',
    annSaveEvery: options.annSaveEvery ?? 1_000,
    emit: (event) => {
      try {
        onEvent?.(event);
      } catch {
        // an observer must not break search
      }
    },
  };
}

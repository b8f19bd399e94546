import { AnnVectorIndex } from './vector-ann.js';
import type { VectorSnapshot } from '../../vector/exact-vector-index.js';
import { nextBackgroundSlice } from '../../background/foreground.js';

/** Per-chunk budget: the event loop (and so exact-index searches) waits at most about this long. */
const CHUNK_MS = 25;

/**
 * Builds an HNSW index from a snapshot in chunks (each a multi-threaded usearch `addMany`),
 * yielding between chunks (to requests first, see background/foreground.ts) so searches keep being served meanwhile. The chunk
 * size adapts to keep each chunk near CHUNK_MS. Returns null when cancelled.
 */
export async function buildAnn(snapshot: VectorSnapshot, dimensions: number, cancelled: () => boolean): Promise<AnnVectorIndex | null> {
  const ann = AnnVectorIndex.create(dimensions);
  const n = snapshot.ids.length;
  let chunk = 128;
  for (let at = 0; at < n;) {
    await nextBackgroundSlice();
    if (cancelled()) return null;
    const end = Math.min(n, at + chunk);
    const started = performance.now();
    ann.addMany(snapshot.ids.slice(at, end), snapshot.matrix.slice(at * dimensions, end * dimensions), snapshot.attrs.slice(at, end));
    const ms = performance.now() - started;
    chunk = Math.max(32, Math.min(chunk * 2, Math.round((chunk * CHUNK_MS) / Math.max(ms, 0.5))));
    at = end;
  }
  return ann;
}

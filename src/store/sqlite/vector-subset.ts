import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import type { AnnVectorIndex } from './vector-ann.js';
import { ExactVectorIndex, type VectorAttrs, type VectorHit } from '../../vector/exact-vector-index.js';
import { putRecord, sessionRecords } from './vector-rows.js';

/** Sessions with at most this many vectors are scanned exactly instead of searched in HNSW. */
export const SUBSET_MAX = 300;

/**
 * A session-filtered search on HNSW. HNSW cannot filter inside the graph, so it over-fetches; for
 * a small session that would mean walking most of the graph, so the session's rows are read from
 * the table and scanned exactly instead. Larger sessions over-fetch in proportion to how rare
 * they are (1.5 × limit × size / session size), widening if that was not enough.
 */
export function searchSessionAnn(
  conn: Connection, kind: VectorKind, ann: AnnVectorIndex, sessionId: string,
  query: Float32Array, limit: number, accept: (a: VectorAttrs) => boolean,
): VectorHit[] {
  const inSession = ann.sessionSize(sessionId);
  if (inSession === 0) return [];
  if (inSession > SUBSET_MAX) return ann.search(query, limit, accept, Math.ceil((1.5 * limit * ann.size) / inSession));
  return searchSessionExact(conn, kind, sessionId, query, limit, accept);
}

/** Exact search over one session's rows, read from the table. */
export function searchSessionExact(
  conn: Connection, kind: VectorKind, sessionId: string, query: Float32Array, limit: number, accept: (a: VectorAttrs) => boolean,
): VectorHit[] {
  const rows = sessionRecords(conn, kind, sessionId);
  const index = new ExactVectorIndex(query.length, Math.max(1, rows.length));
  for (const r of rows) if (r.vector.byteLength === query.length * 4) putRecord(index, r);
  return index.search(query, limit, accept);
}

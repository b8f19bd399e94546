import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { ExactVectorIndex, type VectorAttrs, type VectorHit } from './vector-index.js';
import { putRecord, sessionRecords } from './vector-rows.js';

/** Session filters at or below this many vectors scan the session exactly instead of HNSW. */
export const SUBSET_MAX = 2_000;

/**
 * Exact search over one session's rows read from the table: with HNSW, a selective filter would
 * otherwise over-fetch most of the graph to find `limit` rows that pass.
 */
export function searchSession(
  conn: Connection, kind: VectorKind, sessionId: string, query: Float32Array, limit: number, accept?: (a: VectorAttrs) => boolean,
): VectorHit[] {
  const rows = sessionRecords(conn, kind, sessionId);
  if (rows.length === 0) return [];
  const index = new ExactVectorIndex(query.length, rows.length);
  for (const r of rows) if (r.vector.byteLength === query.length * 4) putRecord(index, r);
  return index.search(query, limit, accept);
}

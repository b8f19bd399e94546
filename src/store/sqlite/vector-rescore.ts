import { rescoreExact } from '../../vector/rescore.js';
import type { VectorHit } from '../../vector/exact-vector-index.js';
import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { blobView } from './rows.js';
import { recordsOf } from './vector-rows.js';

/** A graph's candidates ranked by their rows' exact vectors; the best `limit`. */
export function rescoreFromTable(conn: Connection, kind: VectorKind, query: Float32Array, hits: VectorHit[], limit: number): VectorHit[] {
  if (hits.length === 0) return hits;
  const rows = recordsOf(conn, kind, hits.map((h) => h.id));
  return rescoreExact(query, rows.map((r) => ({ id: r.id, vector: blobView(r.vector) })), limit);
}

import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { blobView } from './rows.js';
import type { VectorAttrs, VectorIndex } from '../../vector/exact-vector-index.js';

/** A searchable vector row: the owner's id, its float32 BLOB and the filter attributes. */
export interface VectorRecord {
  id: string;
  vector: Buffer;
  type: string | null;
  session_id: string | null;
}

/** Each kind's vector table, keyed by its owner's row key (memories.rid, messages.seq). */
export const VECTOR_TABLE = { memory: 'memory_vectors', message: 'message_vectors' } as const;

// Only active memories are searchable; a message vector lives while the message does. `WHERE` is
// last, so a caller may append `AND …`. FROM_ALL reads every row in key order, both tables in step
// (the planner would otherwise walk an owner index and read both tables at random).
const FROM = {
  memory: `FROM memory_vectors v JOIN memories m ON m.rid = v.rid WHERE m.status = 'active'`,
  message: `FROM message_vectors v JOIN messages m ON m.seq = v.seq WHERE true`,
} as const;
const FROM_ALL = {
  memory: FROM.memory.replace(' JOIN ', ' CROSS JOIN '),
  message: FROM.message.replace(' JOIN ', ' CROSS JOIN '),
} as const;
const TYPE = { memory: 'm.type', message: 'NULL' } as const;

/** Stored vectors of a kind, searchable or not (an owner row may be gone). */
export function countStored(conn: Connection, kind: VectorKind): number {
  return conn.get<{ n: number }>(`SELECT count(*) AS n FROM ${VECTOR_TABLE[kind]}`)!.n;
}

export function allRecords(conn: Connection, kind: VectorKind): Iterable<VectorRecord> {
  return conn.stmt(`SELECT m.id, v.vector, ${TYPE[kind]} AS type, m.session_id ${FROM_ALL[kind]}`).iterate() as Iterable<VectorRecord>;
}

export function recordsOf(conn: Connection, kind: VectorKind, ids: string[]): VectorRecord[] {
  return conn.all<VectorRecord>(`SELECT m.id, v.vector, ${TYPE[kind]} AS type, m.session_id ${FROM[kind]}
    AND m.id IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
}

/**
 * The filter attributes of `ids` whose owners are searchable, from the owner table alone: for ids
 * the caller knows to have an unchanged vector row (a graph's entries not touched since its save):
 * the vector rows need not be read.
 */
export function ownerAttrs(conn: Connection, kind: VectorKind, ids: string[]): Map<string, VectorAttrs> {
  const sql = kind === 'memory'
    ? `SELECT m.id, m.type, m.session_id FROM json_each(?) j CROSS JOIN memories m ON m.id = j.value WHERE m.status = 'active'`
    : `SELECT m.id, NULL AS type, m.session_id FROM json_each(?) j CROSS JOIN messages m ON m.id = j.value`;
  const out = new Map<string, VectorAttrs>();
  for (const [id, type, sessionId] of conn.stmt(sql).raw().iterate(JSON.stringify(ids)) as Iterable<[string, string | null, string | null]>) out.set(id, { type, sessionId });
  return out;
}

/** The attributes of every searchable row, without reading vectors into JS. */
export function allAttrs(conn: Connection, kind: VectorKind): Map<string, VectorAttrs> {
  const rows = conn.stmt(`SELECT m.id, ${TYPE[kind]} AS type, m.session_id ${FROM_ALL[kind]}`).raw().iterate() as Iterable<[string, string | null, string | null]>;
  const out = new Map<string, VectorAttrs>();
  for (const [id, type, sessionId] of rows) out.set(id, { type, sessionId });
  return out;
}

/** The searchable rows of one session (and types), for exact search over a small subset. */
export function sessionRecords(conn: Connection, kind: VectorKind, sessionId: string): VectorRecord[] {
  // CROSS JOIN keeps the owner table outer, so the session index drives the lookup.
  const sql = kind === 'memory'
    ? `SELECT m.id, v.vector, m.type AS type, m.session_id FROM memories m CROSS JOIN memory_vectors v
        ON v.rid = m.rid WHERE m.session_id = ? AND m.status = 'active'`
    : `SELECT m.id, v.vector, NULL AS type, m.session_id FROM messages m CROSS JOIN message_vectors v
        ON v.seq = m.seq WHERE m.session_id = ?`;
  return conn.all<VectorRecord>(sql, sessionId);
}

export function countRecords(conn: Connection, kind: VectorKind): number {
  return conn.get<{ n: number }>(`SELECT count(*) AS n ${FROM_ALL[kind]}`)!.n;
}

/** Puts a row into an index (which copies the vector). */
export function putRecord(index: VectorIndex, r: VectorRecord): void {
  index.upsert(r.id, blobView(r.vector), { type: r.type, sessionId: r.session_id });
}

/** Brings `index` in step with the table for `touched` ids: re-reads them, removes the gone. */
export function applyTouched(conn: Connection, kind: VectorKind, index: VectorIndex, touched: string[]): void {
  if (touched.length === 0) return;
  const rows = recordsOf(conn, kind, touched);
  const present = new Set(rows.map((r) => r.id));
  for (const id of touched) if (!present.has(id)) index.remove(id);
  for (const r of rows) putRecord(index, r);
}

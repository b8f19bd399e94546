import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';

const KEEP_LOG_ENTRIES = 50_000;

/** Records a vector change inside the caller's write transaction. */
export function logVectorChange(conn: Connection, kind: VectorKind | '*', id: string | null, op: 'upsert' | 'delete' | 'clear'): void {
  const { lastInsertRowid } = conn.run(`INSERT INTO vector_log (kind, id, op) VALUES (?, ?, ?)`, kind, id, op);
  trimLog(conn, Number(lastInsertRowid), 1);
}

/** Records changes of one kind to many vectors, in one statement. */
export function logVectorChanges(conn: Connection, kind: VectorKind, ids: string[], op: 'upsert' | 'delete'): void {
  if (ids.length === 0) return;
  const { lastInsertRowid } = conn.run(`INSERT INTO vector_log (kind, id, op) SELECT ?1, value, ?3 FROM json_each(?2)`, kind, JSON.stringify(ids), op);
  trimLog(conn, Number(lastInsertRowid), ids.length);
}

/** Every 1,000 entries (when the last `added` ones, up to `last`, pass a multiple of 1,000), the old ones go. */
function trimLog(conn: Connection, last: number, added: number): void {
  if (Math.floor(last / 1000) > Math.floor((last - added) / 1000)) conn.run(`DELETE FROM vector_log WHERE rev <= ?`, last - KEEP_LOG_ENTRIES);
}

/** The oldest and newest log entries still kept (0 when the log is empty). */
export function logBounds(conn: Connection): { lo: number | null; hi: number } {
  const row = conn.get<{ lo: number | null; hi: number | null }>(
    `SELECT (SELECT min(rev) FROM vector_log) AS lo, (SELECT max(rev) FROM vector_log) AS hi`)!;
  return { lo: row.lo, hi: row.hi ?? 0 };
}

/** Whether every entry after `rev` (up to the newest) is still in the log. */
export function logReaches(bounds: { lo: number | null; hi: number }, rev: number): boolean {
  return rev >= 0 && rev <= bounds.hi && (bounds.lo === null || rev >= bounds.lo - 1);
}

export interface LogDelta {
  /** A `clear` happened: only a full reload is correct. */
  cleared: boolean;
  /** Ids of this kind changed (upserted or deleted) in the range. */
  touched: string[];
}

/** The changes to `kind` in (from, to]. */
export function readLog(conn: Connection, kind: VectorKind, from: number, to: number): LogDelta {
  const entries = conn.all<{ kind: string; id: string | null; op: string }>(
    `SELECT kind, id, op FROM vector_log WHERE rev > ? AND rev <= ? ORDER BY rev`, from, to);
  const cleared = entries.some((e) => e.op === 'clear');
  const touched = [...new Set(entries.filter((e) => e.kind === kind && e.id !== null).map((e) => e.id!))];
  return { cleared, touched };
}

import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { blobView } from './rows.js';
import type { VectorAttrs, VectorIndex, VectorIndexFactory } from './vector-index.js';

const KEEP_LOG_ENTRIES = 50_000;

interface VectorRecord {
  id: string;
  vector: Buffer;
  type: string | null;
  session_id: string | null;
}

const ROWS = {
  memory: `SELECT v.id, v.vector, m.type, m.session_id FROM vectors v JOIN memories m ON m.id = v.id
    WHERE v.kind = 'memory' AND m.status = 'active'`,
  message: `SELECT v.id, v.vector, NULL AS type, m.session_id FROM vectors v JOIN messages m ON m.id = v.id
    WHERE v.kind = 'message'`,
} as const;

/** Records a vector change inside the caller's write transaction. */
export function logVectorChange(conn: Connection, kind: VectorKind | '*', id: string | null, op: 'upsert' | 'delete' | 'clear'): void {
  const { lastInsertRowid } = conn.run(`INSERT INTO vector_log (kind, id, op) VALUES (?, ?, ?)`, kind, id, op);
  if (Number(lastInsertRowid) % 1000 === 0) conn.run(`DELETE FROM vector_log WHERE rev <= ?`, Number(lastInsertRowid) - KEEP_LOG_ENTRIES);
}

/**
 * The in-memory index of one kind, kept in step with the `vectors` table through `vector_log`:
 * each search first applies the log entries after the last one it saw, whichever process wrote
 * them. It loads everything lazily on first use, or again when it fell behind the pruned log.
 */
export class VectorCache {
  private index: VectorIndex | null = null;
  private rev = -1;

  constructor(private readonly conn: Connection, private readonly kind: VectorKind, private readonly factory: VectorIndexFactory) {}

  current(): VectorIndex | null {
    this.conn.read(() => {
      const log = this.conn.get<{ lo: number | null; hi: number | null }>(`SELECT (SELECT min(rev) FROM vector_log) AS lo, (SELECT max(rev) FROM vector_log) AS hi`)!;
      const hi = log.hi ?? 0;
      if (this.rev === hi) return;
      if (this.rev < 0 || (log.lo !== null && this.rev < log.lo - 1)) return this.reload(hi);
      this.catchUp(hi);
    });
    return this.index;
  }

  private reload(rev: number): void {
    this.index = null;
    for (const r of this.conn.stmt(ROWS[this.kind]).iterate() as Iterable<VectorRecord>) this.put(r);
    this.rev = rev;
  }

  private catchUp(hi: number): void {
    const entries = this.conn.all<{ kind: string; id: string | null; op: string }>(
      `SELECT kind, id, op FROM vector_log WHERE rev > ? AND rev <= ? ORDER BY rev`, this.rev, hi);
    if (entries.some((e) => e.op === 'clear')) return this.reload(hi);
    const touched = [...new Set(entries.filter((e) => e.kind === this.kind && e.id !== null).map((e) => e.id!))];
    if (touched.length > 0) {
      const rows = this.conn.all<VectorRecord>(`${ROWS[this.kind]} AND v.id IN (SELECT value FROM json_each(?))`, JSON.stringify(touched));
      const present = new Set(rows.map((r) => r.id));
      for (const id of touched) if (!present.has(id)) this.index?.remove(id);
      for (const r of rows) this.put(r);
    }
    this.rev = hi;
  }

  private put(r: VectorRecord): void {
    const vector = blobView(r.vector); // the index copies it
    this.index ??= this.factory(vector.length);
    const attrs: VectorAttrs = { type: r.type, sessionId: r.session_id };
    this.index.upsert(r.id, vector, attrs);
  }
}

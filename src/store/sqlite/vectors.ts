import { MnemoError } from '../../errors.js';
import type { Scored } from '../../types.js';
import type { VectorKind, VectorOwner, VectorRow, VectorSearchOptions } from '../store.js';
import type { Connection } from './connection.js';
import { blobToVector, vectorToBlob } from './rows.js';
import { exactIndexFactory, type VectorAttrs, type VectorIndex, type VectorIndexFactory } from './vector-index.js';

const VERSION_KEY = 'sqlite.vectors_version';

interface CachedIndex {
  index: VectorIndex | null;
  version: number;
}

type PendingOp = { op: 'upsert'; row: VectorRow; attrs: VectorAttrs } | { op: 'delete'; owner: VectorOwner } | { op: 'clear' };

/**
 * Vectors live in the `vectors` table (float32 BLOBs); searches run on an in-memory index per
 * kind, loaded lazily. Every committed change bumps a version counter in `meta`: a cache applies
 * its own changes incrementally after commit, and reloads when another process changed the table.
 */
export class SqliteVectors {
  private readonly cache = new Map<VectorKind, CachedIndex>();
  private pending: { from: number; ops: PendingOp[] } | null = null;

  constructor(private readonly conn: Connection, private readonly factory: VectorIndexFactory = exactIndexFactory) {}

  upsert(rows: VectorRow[]): void {
    if (rows.length === 0) return;
    this.conn.write(() => {
      this.checkDimensions(rows);
      for (const row of rows) {
        const attrs = this.ownerAttrs(row);
        if (!attrs) continue; // unknown owner or inactive memory: a vector would only go stale
        this.conn.run(`INSERT INTO vectors (kind, id, dims, vector) VALUES (?, ?, ?, ?)
          ON CONFLICT (kind, id) DO UPDATE SET dims = excluded.dims, vector = excluded.vector`,
          row.kind, row.id, row.vector.length, vectorToBlob(row.vector));
        this.track({ op: 'upsert', row, attrs });
      }
    });
  }

  /** Deletes inside the caller's transaction (or its own). */
  delete(owners: VectorOwner[]): void {
    if (owners.length === 0) return;
    this.conn.write(() => {
      for (const owner of owners) {
        const res = this.conn.run(`DELETE FROM vectors WHERE kind = ? AND id = ?`, owner.kind, owner.id);
        if (res.changes > 0) this.track({ op: 'delete', owner });
      }
    });
  }

  clear(): void {
    this.conn.write(() => {
      this.conn.run(`DELETE FROM vectors`);
      this.track({ op: 'clear' });
    });
  }

  count(kind?: VectorKind): number {
    const row = kind
      ? this.conn.get<{ n: number }>(`SELECT count(*) AS n FROM vectors WHERE kind = ?`, kind)
      : this.conn.get<{ n: number }>(`SELECT count(*) AS n FROM vectors`);
    return row?.n ?? 0;
  }

  search(vector: Float32Array, opts: VectorSearchOptions): Scored<VectorOwner>[] {
    if (opts.limit <= 0 || vector.length === 0) return [];
    const index = this.indexFor(opts.kind);
    if (!index || index.size === 0) return [];
    // Stored vectors from a previous embedder: nothing comparable until they are re-embedded.
    if (index.dimensions !== vector.length) return [];
    const types = opts.types && opts.types.length > 0 ? new Set<string>(opts.types) : null;
    const accept = types || opts.sessionId !== undefined
      ? (a: VectorAttrs) => (!types || (a.type !== null && types.has(a.type))) && (opts.sessionId === undefined || a.sessionId === opts.sessionId)
      : undefined;
    let fetch = opts.limit + 8;
    for (;;) {
      const hits = index.search(vector, fetch, accept);
      const alive = opts.kind === 'memory' ? this.activeMemoryIds(hits.map((h) => h.id)) : null;
      const kept = alive ? hits.filter((h) => alive.has(h.id)) : hits;
      if (kept.length >= opts.limit || hits.length < fetch) {
        return kept.slice(0, opts.limit).map((h, i) => ({ item: { kind: opts.kind, id: h.id }, score: h.score, rank: i + 1 }));
      }
      fetch *= 4;
    }
  }

  missing(kind: VectorKind, limit: number): VectorOwner[] {
    const rows = kind === 'memory'
      ? this.conn.all<{ id: string }>(`SELECT m.id FROM memories m
          WHERE m.status = 'active' AND m.type <> 'task'
            AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.kind = 'memory' AND v.id = m.id)
          ORDER BY m.rid LIMIT ?`, limit)
      : this.conn.all<{ id: string }>(`SELECT m.id FROM messages m
          WHERE m.content <> '[purged]'
            AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.kind = 'message' AND v.id = m.id)
          ORDER BY m.seq LIMIT ?`, limit);
    return rows.map((r) => ({ kind, id: r.id }));
  }

  private checkDimensions(rows: VectorRow[]): void {
    const dims = rows[0].vector.length;
    for (const row of rows) {
      if (row.vector.length === 0) throw new MnemoError('invalid_input', `vector for ${row.kind} ${row.id} is empty`);
      if (row.vector.length !== dims) {
        throw new MnemoError('conflict', `vectors in one batch differ in dimensions (${dims} vs ${row.vector.length})`);
      }
    }
    const other = this.conn.get<{ dims: number }>(`SELECT dims FROM vectors WHERE dims <> ? LIMIT 1`, dims);
    if (other) {
      throw new MnemoError('conflict', `vector dimension mismatch: new vectors have ${dims} dimensions but stored vectors have ${other.dims}; clear vectors when the embedder changes`);
    }
  }

  private ownerAttrs(owner: VectorOwner): VectorAttrs | null {
    if (owner.kind === 'memory') {
      const m = this.conn.get<{ type: string; session_id: string | null; status: string }>(
        `SELECT type, session_id, status FROM memories WHERE id = ?`, owner.id);
      return m && m.status === 'active' ? { type: m.type, sessionId: m.session_id } : null;
    }
    const m = this.conn.get<{ session_id: string }>(`SELECT session_id FROM messages WHERE id = ?`, owner.id);
    return m ? { type: null, sessionId: m.session_id } : null;
  }

  private activeMemoryIds(ids: string[]): Set<string> {
    const rows = this.conn.all<{ id: string }>(
      `SELECT id FROM memories WHERE status = 'active' AND id IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
    return new Set(rows.map((r) => r.id));
  }

  /** Records a change in the current transaction and bumps the version once per transaction. */
  private track(op: PendingOp): void {
    if (!this.pending) {
      const from = this.readVersion();
      this.conn.run(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        VERSION_KEY, String(from + 1));
      const pending = { from, ops: [] as PendingOp[] };
      this.pending = pending;
      this.conn.afterCommit(() => this.applyCommitted(pending));
      this.conn.afterRollback(() => { this.pending = null; });
    }
    this.pending.ops.push(op);
  }

  private applyCommitted(pending: { from: number; ops: PendingOp[] }): void {
    this.pending = null;
    for (const [kind, cached] of this.cache) {
      if (cached.version !== pending.from) {
        this.cache.delete(kind); // someone else wrote in between: reload on next search
        continue;
      }
      cached.version = pending.from + 1;
      for (const op of pending.ops) cached.index = this.applyOp(kind, cached.index, op);
    }
  }

  private applyOp(kind: VectorKind, index: VectorIndex | null, op: PendingOp): VectorIndex | null {
    if (op.op === 'clear') return null;
    if (op.op === 'delete') {
      if (op.owner.kind === kind) index?.remove(op.owner.id);
      return index;
    }
    if (op.row.kind !== kind) return index;
    const target = index ?? this.factory(op.row.vector.length);
    target.upsert(op.row.id, op.row.vector, op.attrs);
    return target;
  }

  private readVersion(): number {
    const row = this.conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, VERSION_KEY);
    return row ? Number(row.value) : 0;
  }

  private indexFor(kind: VectorKind): VectorIndex | null {
    const version = this.readVersion();
    const cached = this.cache.get(kind);
    if (cached && cached.version === version) return cached.index;
    const fresh = this.conn.read(() => ({ version: this.readVersion(), index: this.load(kind) }));
    this.cache.set(kind, fresh);
    return fresh.index;
  }

  private load(kind: VectorKind): VectorIndex | null {
    const sql = kind === 'memory'
      ? `SELECT v.id, v.vector, m.type, m.session_id FROM vectors v JOIN memories m ON m.id = v.id
          WHERE v.kind = 'memory' AND m.status = 'active'`
      : `SELECT v.id, v.vector, NULL AS type, m.session_id FROM vectors v JOIN messages m ON m.id = v.id
          WHERE v.kind = 'message'`;
    let index: VectorIndex | null = null;
    for (const r of this.conn.stmt(sql).iterate() as Iterable<{ id: string; vector: Buffer; type: string | null; session_id: string | null }>) {
      const vector = blobToVector(r.vector);
      index ??= this.factory(vector.length);
      index.upsert(r.id, vector, { type: r.type, sessionId: r.session_id });
    }
    return index;
  }
}

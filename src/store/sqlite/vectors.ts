import { MnemoError } from '../../errors.js';
import type { Scored } from '../../types.js';
import type { VectorKind, VectorOwner, VectorRow, VectorSearchOptions } from '../store.js';
import type { Connection } from './connection.js';
import { vectorToBlob } from './rows.js';
import { VectorCache } from './vector-cache.js';
import type { VectorAttrs } from '../../vector/exact-vector-index.js';
import { logVectorChange, logVectorChanges } from './vector-log.js';
import { resolveVectorOptions, type VectorOptions } from './vector-options.js';
import { countStored, VECTOR_TABLE } from './vector-rows.js';
import { searchSessionAnn, searchSessionExact } from './vector-subset.js';
import { ViewedAnnIndex } from './vector-view.js';

/**
 * Vectors live in one table per kind (float32 BLOBs keyed by the owner's row key, so writes
 * append; see migration 11); searches run on an in-memory index per
 * kind (see VectorCache): exact below `annThreshold` vectors, HNSW above it, persisted beside
 * the database file. A memory's vector exists only while the memory is active.
 */
export class SqliteVectors {
  private readonly caches: Record<VectorKind, VectorCache>;
  /** While a purge runs (see purging): the owners whose vectors it deletes, and its purge count. */
  private erasing: PurgedVectors | null = null;

  constructor(private readonly conn: Connection, options: VectorOptions = {}) {
    const opts = resolveVectorOptions(conn.path, options);
    this.caches = { memory: new VectorCache(conn, 'memory', opts), message: new VectorCache(conn, 'message', opts) };
  }

  /** Loads both kinds' indexes and waits for their HNSW builds. */
  async warm(): Promise<void> {
    await Promise.all([this.caches.memory.warm(), this.caches.message.warm()]);
  }

  /** Finishes or stops background index work and saves HNSW files; before the connection closes. */
  async close(): Promise<void> {
    await Promise.all([this.caches.memory.close(), this.caches.message.close()]);
  }

  upsert(rows: VectorRow[]): void {
    if (rows.length === 0) return;
    const written = { memory: 0, message: 0 };
    this.conn.write(() => {
      this.checkDimensions(rows);
      const keys = this.ownerKeys(rows);
      for (const kind of ['memory', 'message'] as const) {
        // Unknown owners and inactive memories are left out: their vectors would only go stale.
        const known = rows.filter((row) => row.kind === kind && keys[kind].has(row.id));
        if (known.length === 0) continue;
        // One statement for the batch, each row's vector cut from one blob of them all: a statement
        // per row cost more than its insert, and an INSERT … SELECT per row opened a statement
        // journal each time (~1 ms per vector in a transaction of thousands of rows).
        const bytes = known[0].vector.byteLength;
        this.conn.run(UPSERT[kind], JSON.stringify(known.map((row) => keys[kind].get(row.id))), known[0].vector.length,
          Buffer.concat(known.map((row) => vectorToBlob(row.vector))), bytes);
        logVectorChanges(this.conn, kind, known.map((row) => row.id), 'upsert');
        written[kind] = known.length;
      }
    });
    this.noteWritten(written);
  }

  /** Deletes inside the caller's transaction (or its own). */
  delete(owners: VectorOwner[]): void {
    if (owners.length === 0) return;
    const written = { memory: 0, message: 0 };
    for (const owner of owners) this.erasing?.[owner.kind].add(owner.id);
    this.conn.write(() => {
      for (const owner of owners) {
        const res = this.conn.run(DELETE[owner.kind], owner.id);
        if (res.changes > 0) {
          logVectorChange(this.conn, owner.kind, owner.id, 'delete');
          written[owner.kind]++;
        }
      }
    });
    this.noteWritten(written);
  }

  /**
   * Runs a purge, collecting the owners whose vectors it deletes (their vectors may be gone from the
   * table already, a forgotten memory's, yet still be in a saved graph) and its purge count (notePurgeCount).
   */
  purging<T>(run: () => T): { result: T; erased: PurgedVectors } {
    const erased: PurgedVectors = { memory: new Set(), message: new Set(), purges: 0 };
    this.erasing = erased;
    try {
      return { result: run(), erased };
    } finally {
      this.erasing = null;
    }
  }

  /** The purge count the running purge made (inside its transaction). */
  notePurgeCount(purges: number): void {
    if (this.erasing) this.erasing.purges = purges;
  }

  /** A purge by this connection committed: no saved HNSW file or loaded graph of `kinds` keeps its vectors. */
  purged(kinds: VectorKind[], erased: PurgedVectors): void {
    for (const kind of kinds) this.caches[kind].purged(erased[kind], erased.purges);
  }

  /** Counts changes toward the next save of each kind's HNSW files. */
  private noteWritten(written: Record<VectorKind, number>): void {
    for (const kind of ['memory', 'message'] as const) if (written[kind] > 0) this.caches[kind].noteWritten(written[kind]);
  }

  clear(): void {
    this.conn.write(() => {
      for (const table of Object.values(VECTOR_TABLE)) this.conn.run(`DELETE FROM ${table}`);
      logVectorChange(this.conn, '*', null, 'clear');
    });
  }

  count(kind?: VectorKind): number {
    return kind ? countStored(this.conn, kind) : countStored(this.conn, 'memory') + countStored(this.conn, 'message');
  }

  search(vector: Float32Array, opts: VectorSearchOptions): Scored<VectorOwner>[] {
    try {
      return this.searchOnce(vector, opts);
    } catch (err) {
      // A viewed graph's files can turn out damaged past what opening it checked (an id map line in
      // the middle): the view is dropped, reported, and the search answers from a load or the table.
      if (!this.caches[opts.kind].dropFailedView(err as Error)) throw err;
      return this.searchOnce(vector, opts);
    }
  }

  private searchOnce(vector: Float32Array, opts: VectorSearchOptions): Scored<VectorOwner>[] {
    if (opts.limit <= 0 || vector.length === 0) return [];
    const index = this.caches[opts.kind].current();
    if (!index || index.size === 0) return [];
    // Stored vectors from a previous embedder: nothing comparable until they are re-embedded.
    if (index.dimensions !== vector.length) return [];
    const types = opts.types && opts.types.length > 0 ? new Set<string>(opts.types) : null;
    const accept = types || opts.sessionId !== undefined
      ? (a: VectorAttrs) => (!types || (a.type !== null && types.has(a.type))) && (opts.sessionId === undefined || a.sessionId === opts.sessionId)
      : undefined;
    const ann = this.caches[opts.kind].approximate;
    // Status changes delete a memory's vector in the same transaction (and upserts skip inactive
    // owners), so every hit is an active memory: no per-search status check is needed.
    const hits = ann && accept && opts.sessionId !== undefined
      ? searchSessionAnn(this.conn, opts.kind, ann, opts.sessionId, vector, opts.limit, accept)
      : accept && opts.sessionId !== undefined && index instanceof ViewedAnnIndex
        ? searchSessionExact(this.conn, opts.kind, opts.sessionId, vector, opts.limit, accept)
        : index.search(vector, opts.limit, accept);
    return hits.map((h, i) => ({ item: { kind: opts.kind, id: h.id }, score: h.score, rank: i + 1 }));
  }

  missing(kind: VectorKind, limit: number): VectorOwner[] {
    const rows = kind === 'memory'
      ? this.conn.all<{ id: string }>(`SELECT m.id FROM memories m
          WHERE m.status = 'active' AND m.type <> 'task'
            AND NOT EXISTS (SELECT 1 FROM memory_vectors v WHERE v.rid = m.rid)
          ORDER BY m.rid LIMIT ?`, limit)
      : this.conn.all<{ id: string }>(`SELECT m.id FROM messages m
          WHERE m.content <> '[purged]'
            AND NOT EXISTS (SELECT 1 FROM message_vectors v WHERE v.seq = m.seq)
          ORDER BY m.seq LIMIT ?`, limit);
    return rows.map((r) => ({ kind, id: r.id }));
  }

  /** The row keys of the rows' owners that exist (memories: and are active), in one statement per kind. */
  private ownerKeys(rows: VectorRow[]): Record<VectorKind, Map<string, number>> {
    const keys = { memory: new Map<string, number>(), message: new Map<string, number>() };
    for (const kind of ['memory', 'message'] as const) {
      const ids = rows.filter((r) => r.kind === kind).map((r) => r.id);
      if (ids.length === 0) continue;
      for (const [id, key] of this.conn.rows(OWNER_KEYS[kind], JSON.stringify(ids)) as [string, number][]) keys[kind].set(id, key);
    }
    return keys;
  }

  private checkDimensions(rows: VectorRow[]): void {
    const dims = rows[0].vector.length;
    for (const row of rows) {
      if (row.vector.length === 0) throw new MnemoError('invalid_input', `vector for ${row.kind} ${row.id} is empty`);
      if (row.vector.length !== dims) {
        throw new MnemoError('conflict', `vectors in one batch differ in dimensions (${dims} vs ${row.vector.length})`);
      }
    }
    // Every stored vector has the same dimensions (this check keeps it so), so one row tells.
    const other = this.conn.get<{ dims: number | null }>(`SELECT coalesce((SELECT dims FROM memory_vectors LIMIT 1),
      (SELECT dims FROM message_vectors LIMIT 1)) AS dims`);
    if (other?.dims != null && other.dims !== dims) {
      throw new MnemoError('conflict', `vector dimension mismatch: new vectors have ${dims} dimensions but stored vectors have ${other.dims}; clear vectors when the embedder changes`);
    }
  }
}

/** What a purge deleted: the owners of each kind, and the purge count it made. */
export interface PurgedVectors {
  memory: Set<string>;
  message: Set<string>;
  purges: number;
}

/** A vector goes to its owner's row key; a memory's only while the memory is active. */
const OWNER_KEYS = {
  memory: `SELECT id, rid FROM memories WHERE id IN (SELECT value FROM json_each(?)) AND status = 'active'`,
  message: `SELECT id, seq FROM messages WHERE id IN (SELECT value FROM json_each(?))`,
} as const;
/** ?1: the owners' row keys (JSON), ?2: dimensions, ?3: the vectors one after another, ?4: bytes of one. */
const UPSERT = {
  memory: `INSERT INTO memory_vectors (rid, dims, vector) SELECT j.value, ?2, substr(?3, j.key * ?4 + 1, ?4) FROM json_each(?1) j WHERE true
    ON CONFLICT (rid) DO UPDATE SET dims = excluded.dims, vector = excluded.vector`,
  message: `INSERT INTO message_vectors (seq, dims, vector) SELECT j.value, ?2, substr(?3, j.key * ?4 + 1, ?4) FROM json_each(?1) j WHERE true
    ON CONFLICT (seq) DO UPDATE SET dims = excluded.dims, vector = excluded.vector`,
} as const;
const DELETE = {
  memory: `DELETE FROM memory_vectors WHERE rid = (SELECT rid FROM memories WHERE id = ?)`,
  message: `DELETE FROM message_vectors WHERE seq = (SELECT seq FROM messages WHERE id = ?)`,
} as const;

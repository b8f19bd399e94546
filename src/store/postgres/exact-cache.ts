import type { Scored } from '../../types.js';
import type { VectorKind, VectorOwner, VectorRow, VectorSearchOptions } from '../store.js';
import { ExactVectorIndex, type VectorAttrs } from '../../vector/exact-vector-index.js';
import type { QueryRunner } from './runner.js';
import { bytesToVector } from './sql.js';

export type VectorChange = { op: 'upsert'; row: VectorRow; attrs: VectorAttrs } | { op: 'delete'; owner: VectorOwner } | { op: 'clear' };

interface Cached {
  index: ExactVectorIndex | null;
  version: number;
}

const VERSION_SQL = `SELECT value FROM mnemo_meta WHERE profile = $1 AND key = 'pg.vectors_version'`;

/**
 * Without pgvector: one in-memory exact index per vector kind, loaded lazily from float32 bytes.
 * Each search reads the profile's vector version (one indexed row); this process's own commits
 * are applied incrementally, a change by another process or server triggers a reload.
 */
export class ExactVectorCache {
  private readonly cache = new Map<VectorKind, Cached>();
  private readonly loading = new Map<VectorKind, Promise<Cached>>();

  constructor(private readonly runner: QueryRunner, private readonly profile: string) {}

  async search(vector: Float32Array, opts: VectorSearchOptions): Promise<Scored<VectorOwner>[]> {
    const index = await this.indexFor(opts.kind);
    // Stored vectors from a previous embedder: nothing comparable until they are re-embedded.
    if (!index || index.size === 0 || index.dimensions !== vector.length) return [];
    const types = opts.types?.length ? new Set<string>(opts.types) : null;
    const accept = types || opts.sessionId !== undefined
      ? (a: VectorAttrs) => (!types || (a.type !== null && types.has(a.type))) && (opts.sessionId === undefined || a.sessionId === opts.sessionId)
      : undefined;
    let fetch = opts.limit + 8;
    for (;;) {
      const hits = index.search(vector, fetch, accept);
      const alive = opts.kind === 'memory' ? await this.activeMemoryIds(hits.map((h) => h.id)) : null;
      const kept = alive ? hits.filter((h) => alive.has(h.id)) : hits;
      if (kept.length >= opts.limit || hits.length < fetch) {
        return kept.slice(0, opts.limit).map((h, i) => ({ item: { kind: opts.kind, id: h.id }, score: h.score, rank: i + 1 }));
      }
      fetch *= 4;
    }
  }

  /** After COMMIT of a transaction that moved the version from `from` to `from + 1`. */
  applyCommitted(from: number, ops: VectorChange[]): void {
    for (const [kind, cached] of this.cache) {
      if (cached.version !== from) {
        this.cache.delete(kind); // someone else wrote in between: reload on next search
        continue;
      }
      cached.version = from + 1;
      for (const op of ops) cached.index = apply(kind, cached.index, op);
    }
  }

  private async activeMemoryIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const res = await this.runner.query<{ id: string }>(`SELECT id FROM mnemo_memories
      WHERE profile = $1 AND status = 'active' AND id = ANY($2::text[])`, [this.profile, ids]);
    return new Set(res.rows.map((r) => r.id));
  }

  private async indexFor(kind: VectorKind): Promise<ExactVectorIndex | null> {
    const res = await this.runner.query<{ value: string }>(VERSION_SQL, [this.profile]);
    const version = Number(res.rows[0]?.value ?? 0);
    const cached = this.cache.get(kind);
    if (cached && cached.version === version) return cached.index;
    let loading = this.loading.get(kind);
    if (!loading) {
      loading = this.load(kind).finally(() => this.loading.delete(kind));
      this.loading.set(kind, loading);
    }
    const fresh = await loading;
    if ((this.cache.get(kind)?.version ?? -1) <= fresh.version) this.cache.set(kind, fresh);
    return fresh.index;
  }

  /** Version and rows from one snapshot. */
  private load(kind: VectorKind): Promise<Cached> {
    return this.runner.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const version = Number((await tx.query<{ value: string }>(VERSION_SQL, [this.profile])).rows[0]?.value ?? 0);
      // Two single-table scans joined here: no plan (or missing statistics) can make this quadratic.
      const owners = kind === 'memory'
        ? `SELECT id, type, session_id FROM mnemo_memories WHERE profile = $1 AND status = 'active'`
        : `SELECT id, NULL AS type, session_id FROM mnemo_messages WHERE profile = $1`;
      const attrs = new Map((await tx.query<{ id: string; type: string | null; session_id: string | null }>(owners, [this.profile]))
        .rows.map((r) => [r.id, { type: r.type, sessionId: r.session_id }]));
      const res = await tx.query<{ id: string; data: Uint8Array }>(`SELECT id, data FROM mnemo_vectors
        WHERE profile = $1 AND kind = $2 AND data IS NOT NULL`, [this.profile, kind]);
      let index: ExactVectorIndex | null = null;
      for (const r of res.rows) {
        const owner = attrs.get(r.id);
        if (!owner) continue;
        const vector = bytesToVector(r.data);
        index ??= new ExactVectorIndex(vector.length);
        index.upsert(r.id, vector, owner);
      }
      return { index, version };
    });
  }
}

function apply(kind: VectorKind, index: ExactVectorIndex | null, op: VectorChange): ExactVectorIndex | null {
  if (op.op === 'clear') return null;
  if (op.op === 'delete') {
    if (op.owner.kind === kind) index?.remove(op.owner.id);
    return index;
  }
  if (op.row.kind !== kind) return index;
  const target = index ?? new ExactVectorIndex(op.row.vector.length);
  target.upsert(op.row.id, op.row.vector, op.attrs);
  return target;
}

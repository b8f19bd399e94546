import { MnemoError } from '../../errors.js';
import type { Scored } from '../../types.js';
import type { VectorKind, VectorOwner, VectorRow, VectorSearchOptions } from '../store.js';
import { ExactVectorCache, type VectorChange } from './exact-cache.js';
import type { VectorAttrs } from '../../vector/exact-vector-index.js';
import { ensureHnswIndex, searchPgvector } from './pgvector.js';
import type { QueryRunner, Sql, Tx } from './runner.js';
import { vectorLiteral, vectorToHex } from './sql.js';
import type { VectorSupport } from './vector-support.js';

export const VERSION_KEY = 'pg.vectors_version';

/**
 * Vectors of one profile in `mnemo_vectors`. With pgvector they live in the `embedding` column
 * and search runs in SQL (HNSW per dimension); without it they are float32 bytes searched
 * exactly in process. Every vector-changing transaction bumps a per-profile version row in
 * mnemo_meta: it serializes vector writers of the profile (and keeps one dimension per profile)
 * and lets in-process caches of other servers notice changes.
 */
export class PgVectors {
  private readonly pending = new WeakMap<Tx, { from: number; ops: VectorChange[] }>();
  private readonly cache: ExactVectorCache | null;

  constructor(private readonly runner: QueryRunner, private readonly profile: string, private readonly support: VectorSupport) {
    this.cache = support.pgvector ? null : new ExactVectorCache(runner, profile);
  }

  /** The column that holds usable vectors in this mode. */
  private get column(): string {
    return this.support.pgvector ? 'embedding' : 'data';
  }

  async upsert(rows: VectorRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.prepare(rows);
    await this.runner.transaction((tx) => this.upsertIn(tx, rows));
  }

  /** Before a transaction that upserts `rows`: checks the batch and creates the HNSW index of its dimensions. */
  async prepare(rows: VectorRow[]): Promise<void> {
    if (rows.length === 0) return;
    const dims = checkBatch(rows);
    if (this.support.pgvector) await ensureHnswIndex(this.runner, this.support, dims);
  }

  /** Upserts inside the caller's transaction (after `prepare`). */
  async upsertIn(tx: Tx, rows: VectorRow[]): Promise<void> {
    if (rows.length === 0) return;
    const dims = checkBatch(rows);
    const attrs = await this.ownerAttrs(tx, rows);
    const accepted = rows.filter((r) => attrs.has(`${r.kind}:${r.id}`));
    if (accepted.length === 0) return;
    await this.track(tx, accepted.map((row) => ({ op: 'upsert', row, attrs: attrs.get(`${row.kind}:${row.id}`)! })));
    const stored = await tx.query<{ dims: number }>(`SELECT dims FROM mnemo_vectors WHERE profile = $1 LIMIT 1`, [this.profile]);
    const other = stored.rows[0]?.dims;
    if (other !== undefined && other !== dims) {
      throw new MnemoError('conflict', `vector dimension mismatch: new vectors have ${dims} dimensions but stored vectors have ${other}; clear vectors when the embedder changes`);
    }
    const values = this.support.pgvector
      ? { data: 'NULL::bytea', embedding: `u.v::${this.support.type}`, texts: accepted.map((r) => vectorLiteral(r.vector)) }
      : { data: `decode(u.v, 'hex')`, embedding: 'NULL', texts: accepted.map((r) => vectorToHex(r.vector)) };
    const hasEmbedding = this.support.pgvector;
    await tx.query(`INSERT INTO mnemo_vectors (profile, kind, id, dims, data${hasEmbedding ? ', embedding' : ''})
      SELECT $1, u.kind, u.id, $2, ${values.data}${hasEmbedding ? `, ${values.embedding}` : ''}
      FROM unnest($3::text[], $4::text[], $5::text[]) AS u(kind, id, v)
      ON CONFLICT (profile, kind, id) DO UPDATE SET dims = excluded.dims, data = excluded.data${hasEmbedding ? ', embedding = excluded.embedding' : ''}`,
    [this.profile, dims, accepted.map((r) => r.kind), accepted.map((r) => r.id), values.texts]);
  }

  /**
   * Deletes inside the caller's transaction. The version row is locked before any vector row
   * (the order upsert uses too), and only when there is something to delete.
   */
  async delete(tx: Tx, owners: VectorOwner[]): Promise<void> {
    if (owners.length === 0) return;
    const args = [this.profile, owners.map((o) => o.kind), owners.map((o) => o.id)];
    const found = await tx.query<{ kind: VectorKind; id: string }>(`SELECT v.kind, v.id FROM mnemo_vectors v
      JOIN unnest($2::text[], $3::text[]) AS u(kind, id) ON v.kind = u.kind AND v.id = u.id WHERE v.profile = $1`, args);
    if (found.rows.length === 0) return;
    await this.track(tx, []);
    const res = await tx.query<{ kind: VectorKind; id: string }>(`DELETE FROM mnemo_vectors v USING unnest($2::text[], $3::text[]) AS u(kind, id)
      WHERE v.profile = $1 AND v.kind = u.kind AND v.id = u.id RETURNING v.kind, v.id`, args);
    await this.track(tx, res.rows.map((owner) => ({ op: 'delete', owner })));
  }

  async clear(tx: Tx): Promise<void> {
    await tx.query(`DELETE FROM mnemo_vectors WHERE profile = $1`, [this.profile]);
    await this.track(tx, [{ op: 'clear' }]);
  }

  async count(sql: Sql, kind?: VectorKind): Promise<number> {
    const res = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM mnemo_vectors
      WHERE profile = $1 AND ${this.column} IS NOT NULL ${kind ? 'AND kind = $2' : ''}`, kind ? [this.profile, kind] : [this.profile]);
    return res.rows[0]?.n ?? 0;
  }

  async search(vector: Float32Array, opts: VectorSearchOptions): Promise<Scored<VectorOwner>[]> {
    if (opts.limit <= 0 || vector.length === 0) return [];
    if (this.cache) return this.cache.search(vector, opts);
    return searchPgvector(this.runner, this.support, this.profile, vector, opts);
  }

  /** Owners that should have a usable vector in this mode but do not. */
  async missing(sql: Sql, kind: VectorKind, limit: number): Promise<VectorOwner[]> {
    const hasVector = `EXISTS (SELECT 1 FROM mnemo_vectors v WHERE v.profile = m.profile AND v.kind = '${kind}' AND v.id = m.id AND v.${this.column} IS NOT NULL)`;
    const res = kind === 'memory'
      ? await sql.query<{ id: string }>(`SELECT m.id FROM mnemo_memories m
          WHERE m.profile = $1 AND m.status = 'active' AND m.type <> 'task' AND NOT ${hasVector} ORDER BY m.rid LIMIT $2`, [this.profile, limit])
      : await sql.query<{ id: string }>(`SELECT m.id FROM mnemo_messages m
          WHERE m.profile = $1 AND m.content <> '[purged]' AND NOT ${hasVector} ORDER BY m.seq LIMIT $2`, [this.profile, limit]);
    return res.rows.map((r) => ({ kind, id: r.id }));
  }

  /** Active memories and existing messages, locked FOR SHARE so a concurrent supersede waits for us. */
  private async ownerAttrs(tx: Tx, rows: VectorRow[]): Promise<Map<string, VectorAttrs>> {
    const out = new Map<string, VectorAttrs>();
    const ids = (kind: VectorKind) => [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.id))].sort();
    const memoryIds = ids('memory');
    const messageIds = ids('message');
    if (memoryIds.length > 0) {
      const res = await tx.query<{ id: string; type: string; session_id: string | null }>(`SELECT id, type, session_id FROM mnemo_memories
        WHERE profile = $1 AND id = ANY($2::text[]) AND status = 'active' ORDER BY id FOR SHARE`, [this.profile, memoryIds]);
      for (const r of res.rows) out.set(`memory:${r.id}`, { type: r.type, sessionId: r.session_id });
    }
    if (messageIds.length > 0) {
      const res = await tx.query<{ id: string; session_id: string }>(`SELECT id, session_id FROM mnemo_messages
        WHERE profile = $1 AND id = ANY($2::text[]) ORDER BY id FOR SHARE`, [this.profile, messageIds]);
      for (const r of res.rows) out.set(`message:${r.id}`, { type: null, sessionId: r.session_id });
    }
    return out;
  }

  /** Bumps the version once per transaction and hands committed changes to the in-process cache. */
  private async track(tx: Tx, ops: VectorChange[]): Promise<void> {
    let pending = this.pending.get(tx);
    if (!pending) {
      const res = await tx.query<{ value: string }>(`INSERT INTO mnemo_meta (profile, key, value) VALUES ($1, $2, '1')
        ON CONFLICT (profile, key) DO UPDATE SET value = (mnemo_meta.value::bigint + 1)::text RETURNING value`, [this.profile, VERSION_KEY]);
      const created: { from: number; ops: VectorChange[] } = { from: Number(res.rows[0].value) - 1, ops: [] };
      pending = created;
      this.pending.set(tx, created);
      tx.afterCommit(() => this.cache?.applyCommitted(created.from, created.ops));
    }
    pending.ops.push(...ops);
  }
}

function checkBatch(rows: VectorRow[]): number {
  const dims = rows[0].vector.length;
  for (const row of rows) {
    if (row.vector.length === 0) throw new MnemoError('invalid_input', `vector for ${row.kind} ${row.id} is empty`);
    if (row.vector.length !== dims) throw new MnemoError('conflict', `vectors in one batch differ in dimensions (${dims} vs ${row.vector.length})`);
    for (const x of row.vector) if (!Number.isFinite(x)) throw new MnemoError('invalid_input', `vector for ${row.kind} ${row.id} has a non-finite value`);
  }
  return dims;
}

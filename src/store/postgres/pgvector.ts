import type { Scored } from '../../types.js';
import type { VectorOwner, VectorSearchOptions } from '../store.js';
import type { QueryRunner } from './runner.js';
import { Params, lockKey, vectorLiteral } from './sql.js';
import { type VectorSupport, hasIterativeScan } from './vector-support.js';

/** pgvector's HNSW limit for the `vector` type. */
const HNSW_MAX_DIMS = 2000;
const created = new WeakMap<QueryRunner, Set<number>>();

/**
 * One partial HNSW index per dimension, over `embedding::vector(d)` (the column itself is
 * dimensionless so profiles with different embedders share the table). Created on first use of
 * a dimension, under an advisory lock so concurrent servers do not race on the DDL.
 */
export async function ensureHnswIndex(runner: QueryRunner, support: VectorSupport, dims: number): Promise<void> {
  if (dims > HNSW_MAX_DIMS || !Number.isInteger(dims)) return;
  let known = created.get(runner);
  if (!known) created.set(runner, (known = new Set()));
  if (known.has(dims)) return;
  await runner.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1::bigint)`, [lockKey('mnemo', 'hnsw')]);
    await tx.query(`CREATE INDEX IF NOT EXISTS mnemo_vectors_hnsw_${dims} ON mnemo_vectors
      USING hnsw ((embedding::${support.type}(${dims})) ${support.cosineOps}) WHERE dims = ${dims}`);
  });
  known.add(dims);
}

/**
 * Nearest neighbours in SQL: cosine distance on `embedding::vector(d)` with the filters joined
 * in, so the planner can use the HNSW index (or an exact scan of a small profile). With
 * pgvector ≥ 0.8 iterative scans keep filtered HNSW searches from coming back short.
 */
export async function searchPgvector(runner: QueryRunner, support: VectorSupport, profile: string, vector: Float32Array,
  opts: VectorSearchOptions): Promise<Scored<VectorOwner>[]> {
  const dims = vector.length;
  if (!Number.isInteger(dims) || dims <= 0) return [];
  const p = new Params(profile, vectorLiteral(vector));
  const embedding = `v.embedding::${support.type}(${dims})`;
  const distance = `${embedding} ${support.cosineDistance} $2::${support.type}(${dims})`;
  let join: string;
  if (opts.kind === 'memory') {
    join = `JOIN mnemo_memories m ON m.profile = v.profile AND m.id = v.id AND m.status = 'active'`;
    if (opts.types?.length) join += ` AND m.type = ANY(${p.add(opts.types)}::text[])`;
  } else {
    join = `JOIN mnemo_messages m ON m.profile = v.profile AND m.id = v.id`;
  }
  if (opts.sessionId !== undefined) join += ` AND m.session_id = ${p.add(opts.sessionId)}`;
  const sql = `SELECT v.id, 1 - (${distance}) AS score FROM mnemo_vectors v ${join}
    WHERE v.profile = $1 AND v.kind = '${opts.kind === 'memory' ? 'memory' : 'message'}' AND v.dims = ${dims} AND v.embedding IS NOT NULL
    ORDER BY ${distance} LIMIT ${p.add(opts.limit)}`;
  const rows = await runner.transaction(async (tx) => {
    await tx.query(`SELECT set_config('hnsw.ef_search', $1, true)`, [String(Math.min(1000, Math.max(40, opts.limit * 2)))]);
    if (hasIterativeScan(support)) await tx.query(`SELECT set_config('hnsw.iterative_scan', 'strict_order', true)`);
    return (await tx.query<{ id: string; score: number }>(sql, p.values)).rows;
  });
  return rows.map((r, i) => ({ item: { kind: opts.kind, id: r.id }, score: Math.max(-1, Math.min(1, Number(r.score))), rank: i + 1 }));
}

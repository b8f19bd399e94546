import type { Tx } from './runner.js';

/** Whether pgvector is usable, and the schema-qualified names to reach it. */
export interface VectorSupport {
  pgvector: boolean;
  /** e.g. 0.8.0; null without pgvector. */
  version: string | null;
  /** Qualified type, e.g. "public".vector */
  type: string;
  /** Qualified cosine-distance operator, e.g. OPERATOR("public".<=>) */
  cosineDistance: string;
  /** Qualified HNSW operator class. */
  cosineOps: string;
}

const NONE: VectorSupport = { pgvector: false, version: null, type: '', cosineDistance: '', cosineOps: '' };

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function installed(tx: Tx): Promise<{ schema: string; version: string } | null> {
  const res = await tx.query<{ schema: string; version: string }>(`SELECT n.nspname AS schema, e.extversion AS version
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'`);
  return res.rows[0] ?? null;
}

/**
 * Uses pgvector when installed; installs it when the server has it available and the role may
 * (inside a savepoint, so a refusal never aborts the migration). With pgvector, adds the
 * `embedding vector` column to mnemo_vectors. Without it, vectors stay float32 bytes.
 */
export async function ensureVectorSupport(tx: Tx): Promise<VectorSupport> {
  let ext = await installed(tx);
  if (!ext) {
    const available = await tx.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
    if (available.rows.length === 0) return NONE;
    await tx.query('SAVEPOINT mnemo_pgvector');
    try {
      await tx.query('CREATE EXTENSION IF NOT EXISTS vector');
      await tx.query('RELEASE SAVEPOINT mnemo_pgvector');
    } catch {
      await tx.query('ROLLBACK TO SAVEPOINT mnemo_pgvector');
      return NONE;
    }
    ext = await installed(tx);
    if (!ext) return NONE;
  }
  const schema = quoteIdent(ext.schema);
  const support: VectorSupport = {
    pgvector: true,
    version: ext.version,
    type: `${schema}.vector`,
    cosineDistance: `OPERATOR(${schema}.<=>)`,
    cosineOps: `${schema}.vector_cosine_ops`,
  };
  const column = await tx.query(`SELECT 1 FROM pg_attribute
    WHERE attrelid = to_regclass('mnemo_vectors') AND attname = 'embedding' AND NOT attisdropped`);
  if (column.rows.length === 0) await tx.query(`ALTER TABLE mnemo_vectors ADD COLUMN embedding ${support.type}`);
  return support;
}

/** pgvector ≥ 0.8 can keep scanning an HNSW index until enough rows pass the filters. */
export function hasIterativeScan(support: VectorSupport): boolean {
  if (!support.version) return false;
  const [major, minor] = support.version.split('.').map(Number);
  return major > 0 || minor >= 8;
}

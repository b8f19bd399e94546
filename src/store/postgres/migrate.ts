import type { Sql, Tx } from './runner.js';
import { MIGRATIONS } from './schema.js';
import { type VectorSupport, ensureVectorSupport } from './vector-support.js';

/** One advisory-lock key for every mnemo schema change in the database ("mnemo-migrate"). */
const MIGRATION_LOCK = '7308604731034861172';

export interface MigrationResult {
  /** Schema version before and after. */
  from: number;
  to: number;
  vectors: VectorSupport;
}

export async function schemaVersion(sql: Sql): Promise<number> {
  const table = await sql.query<{ t: string | null }>(`SELECT to_regclass('mnemo_meta')::text AS t`);
  if (!table.rows[0]?.t) return 0;
  const row = await sql.query<{ value: string }>(`SELECT value FROM mnemo_meta WHERE profile = '' AND key = 'schema_version'`);
  return row.rows[0] ? Number(row.rows[0].value) : 0;
}

/**
 * Brings the schema (in the connection's search_path) to the latest version in one transaction.
 * `pg_advisory_xact_lock` makes concurrent starters wait for each other instead of racing; the
 * version is re-read under the lock. Also detects (and when allowed installs) pgvector.
 */
export async function migrateSchema(tx: Tx): Promise<MigrationResult> {
  await tx.query(`SELECT pg_advisory_xact_lock($1::bigint)`, [MIGRATION_LOCK]);
  const from = await schemaVersion(tx);
  for (let v = from; v < MIGRATIONS.length; v++) await tx.exec(MIGRATIONS[v]);
  if (from < MIGRATIONS.length) {
    await tx.query(`INSERT INTO mnemo_meta (profile, key, value) VALUES ('', 'schema_version', $1)
      ON CONFLICT (profile, key) DO UPDATE SET value = excluded.value`, [String(MIGRATIONS.length)]);
  }
  const vectors = await ensureVectorSupport(tx);
  return { from, to: Math.max(from, MIGRATIONS.length), vectors };
}

import type { PGliteInterface } from '@electric-sql/pglite';
import pg from 'pg';
import { MnemoError } from '../../errors.js';
import { profileNameSchema } from '../../schemas.js';
import type { StoreProvider } from '../store.js';
import { type MigrationResult, migrateSchema } from './migrate.js';
import { PostgresStore } from './postgres-store.js';
import { type QueryRunner, pgliteRunner, poolRunner } from './runner.js';

/** Where the database is: a URL (mnemo owns the pool), your `pg.Pool`, or a PGlite instance. */
export type PostgresTarget =
  | { connectionString: string; poolSize?: number }
  | { pool: pg.Pool }
  | { pglite: PGliteInterface };

export interface PostgresProviderOptions {
  /** Non-fatal notices, e.g. that pgvector is missing. Default: console.warn. */
  onWarning?: (message: string) => void;
}

export const PGVECTOR_MISSING = 'pgvector not installed: vector search runs exact in-process; install pgvector for HNSW';

/** A runner for the target; `owned` runners close their pool or PGlite with the provider. */
export function openRunner(target: PostgresTarget): QueryRunner {
  if ('pglite' in target) return pgliteRunner(target.pglite, false);
  if ('pool' in target) return poolRunner(target.pool, false);
  const pool = new pg.Pool({ connectionString: target.connectionString, max: target.poolSize ?? 10 });
  pool.on('error', () => { /* an idle client died; the pool replaces it on next use */ });
  return poolRunner(pool, true);
}

/** Runs pending schema migrations (what `mnemo migrate` calls). Safe to run from many processes at once. */
export async function migrate(target: PostgresTarget | QueryRunner): Promise<MigrationResult> {
  const runner = 'transaction' in target ? target : openRunner(target);
  try {
    return await runner.transaction(migrateSchema);
  } finally {
    if (runner !== target) await runner.close();
  }
}

function assertProfileName(profile: string): string {
  const parsed = profileNameSchema.safeParse(profile);
  if (!parsed.success) {
    throw new MnemoError('invalid_profile', `invalid profile name ${JSON.stringify(profile)}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/**
 * Many profiles in one PostgreSQL database (a `profile` column on every table). Migrations run
 * once, on first use; a store per profile is cached until closed.
 */
export function createPostgresProvider(options: PostgresTarget & PostgresProviderOptions): StoreProvider {
  const runner = openRunner(options);
  const warn = options.onWarning ?? ((message: string) => console.warn(`mnemo: ${message}`));
  const stores = new Map<string, PostgresStore>();
  let ready: Promise<MigrationResult> | null = null;
  const init = () => {
    ready ??= runner.transaction(migrateSchema).then((result) => {
      if (!result.vectors.pgvector) warn(PGVECTOR_MISSING);
      return result;
    }, (err) => {
      ready = null; // let the next call retry, e.g. once the server is up
      throw err;
    });
    return ready;
  };
  return {
    backend: 'postgres',
    async open(profile: string) {
      const name = assertProfileName(profile);
      const { vectors } = await init();
      const cached = stores.get(name);
      if (cached) return cached;
      await runner.query(`INSERT INTO mnemo_profiles (profile) VALUES ($1) ON CONFLICT (profile) DO NOTHING`, [name]);
      const raced = stores.get(name);
      if (raced) return raced;
      const store: PostgresStore = new PostgresStore(runner, name, vectors, () => {
        if (stores.get(name) === store) stores.delete(name);
      });
      stores.set(name, store);
      return store;
    },
    async listProfiles() {
      await init();
      const res = await runner.query<{ profile: string }>(`SELECT profile FROM mnemo_profiles ORDER BY profile`);
      return res.rows.map((r) => r.profile);
    },
    async close() {
      const open = [...stores.values()];
      stores.clear();
      for (const store of open) await store.close();
      await runner.close();
    },
  };
}

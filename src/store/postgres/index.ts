export { createPostgresProvider, migrate, openRunner, PGVECTOR_MISSING, type PostgresProviderOptions, type PostgresTarget } from './provider.js';
export { PostgresStore } from './postgres-store.js';
export { MIGRATIONS } from './schema.js';
export { schemaVersion, type MigrationResult } from './migrate.js';
export type { QueryRunner, QueryResult, Sql, Tx } from './runner.js';
export type { VectorSupport } from './vector-support.js';

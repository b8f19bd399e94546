export { createSqliteProvider, profilePath, type SqliteProviderOptions } from './provider.js';
export { openSqliteStore, SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
export { ExactVectorIndex, exactIndexFactory, type VectorIndex, type VectorIndexFactory, type VectorAttrs, type VectorHit } from '../../vector/exact-vector-index.js';
export { MIGRATIONS } from './migrations.js';

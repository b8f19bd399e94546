import type { VectorIndexEvent } from './vector-options.js';

/**
 * HNSW files beside a database that were rejected (truncated, corrupt, stale) or failed to build
 * or save are rebuilt from the vectors table; say so, so an operator sees the disk problem.
 */
export function vectorIndexWarnings(warn: (message: string) => void): (event: VectorIndexEvent) => void {
  return (e) => {
    if (e.event === 'ann-reject' && e.detail && !/missing|no files/i.test(e.detail)) warn(`${e.kind} vector index files rejected (${e.detail}); rebuilding from the database`);
    if (e.event === 'ann-build' && e.detail) warn(`${e.kind} vector index: ${e.detail}; building it from the database in the background (${e.size ?? 0} vectors; exact search meanwhile)`);
    if (e.event === 'ann-error') warn(`${e.kind} vector index ${e.detail ?? 'failed'}; search keeps working on the vectors it has`);
  };
}

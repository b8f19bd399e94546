/**
 * A process that compacts one kind's saved HNSW files (see vector-compact.ts) and exits, so the
 * memory of loading the whole graph is returned at once and never adds to the writer's.
 *   argv: <database path> <kind>    stdout: `loaded`, then the result as one JSON line
 */
import type { VectorKind } from '../store.js';
import { Connection } from './connection.js';
import { compactAnnFiles } from './vector-compact.js';

const [dbPath, kind] = process.argv.slice(2) as [string, VectorKind];
const conn = new Connection(dbPath);
try {
  const result = compactAnnFiles(conn, kind, dbPath, (step) => process.stdout.write(`${step}\n`));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  conn.close();
}

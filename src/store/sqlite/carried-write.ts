import type { Connection } from './connection.js';

/**
 * A write transaction that tells memos of what it changed the write generation before it (read
 * inside it) and after its commit (FTS5 writes its pending terms at commit, which moves
 * total_changes), so they can carry what they hold across it. Told only when nothing else
 * committed meanwhile (data_version, read inside, unchanged after) and when this is the whole
 * transaction (an enclosing one could still roll it back).
 */
export function carriedWrite<T>(conn: Connection, fn: () => T, carried?: (before: string, after: string, result: T) => void): T {
  if (!carried || conn.db.inTransaction) return conn.write(fn);
  let before = '';
  let inside = '';
  const result = conn.write(() => {
    before = conn.writeGeneration();
    const value = fn();
    inside = conn.writeGeneration();
    return value;
  });
  const after = conn.writeGeneration();
  if (dataVersion(after) === dataVersion(inside)) carried(before, after, result);
  return result;
}

const dataVersion = (generation: string) => generation.slice(0, generation.indexOf(':'));

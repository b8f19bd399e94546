/**
 * Counts the SQLite statements every connection of this process runs (BEGIN, COMMIT and savepoints
 * included), for bench/ingest-kept.ts --pages. Wraps better-sqlite3's statement methods, so the
 * timed run is slower while it counts.
 */
import Database from 'better-sqlite3';

const METHODS = ['run', 'get', 'all', 'iterate'] as const;

export function countStatements(): { stop: () => number } {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  let n = 0;
  const originals = METHODS.map((m) => proto[m]!);
  METHODS.forEach((m, i) => {
    proto[m] = function (this: unknown, ...args: unknown[]) {
      n++;
      return originals[i]!.apply(this, args);
    };
  });
  return {
    stop() {
      METHODS.forEach((m, i) => (proto[m] = originals[i]!));
      return n;
    },
  };
}

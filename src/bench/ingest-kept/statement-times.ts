/**
 * Time spent in each SQL text by every connection of this process (run, get, all, iterate; the
 * iterate time counts only the call that starts it), for bench/ingest-kept.ts --statement-times.
 * Wraps better-sqlite3's statement methods, so the timed run is slower while it measures.
 */
import Database from 'better-sqlite3';

const METHODS = ['run', 'get', 'all', 'iterate'] as const;

export interface StatementTime { sql: string; calls: number; ms: number }

export function timeStatements(): { stop: () => StatementTime[] } {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  const times = new Map<string, StatementTime>();
  const originals = METHODS.map((m) => proto[m]!);
  METHODS.forEach((m, i) => {
    proto[m] = function (this: { source: string }, ...args: unknown[]) {
      const started = performance.now();
      try {
        return originals[i]!.apply(this, args);
      } finally {
        const sql = this.source.replace(/\s+/g, ' ').trim();
        const t = times.get(sql) ?? times.set(sql, { sql, calls: 0, ms: 0 }).get(sql)!;
        t.calls++;
        t.ms += performance.now() - started;
      }
    };
  });
  return {
    stop() {
      METHODS.forEach((m, i) => (proto[m] = originals[i]!));
      return [...times.values()].sort((a, b) => b.ms - a.ms);
    },
  };
}

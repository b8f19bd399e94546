/**
 * What a purge costs the vector indexes: the saved HNSW graphs of the kinds it touched hold the
 * purged vectors, so the purge rewrites them without (src/store/sqlite/vector-ann-erase.ts) or, when
 * it cannot, removes them and they are rebuilt from the table. On a COPY of a profile directory (it writes):
 *   npx tsx bench/purge-rebuild.ts --dir /tmp/copy-of-perf-100000 [--profile perf]
 * Prints, for one process: warm-up with the saved graphs, the purge call, warm-up after it (exact
 * load, HNSW build and save per kind, or the rewritten graphs' load); then, for a server (annSaves
 * `compact`), the compaction that follows a purge from another process, timed in-process here.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Connection } from '../src/store/sqlite/connection.js';
import { openSqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { compactAnnFiles } from '../src/store/sqlite/vector-compact.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';

const { values } = parseArgs({ options: { dir: { type: 'string' }, profile: { type: 'string', default: 'perf' } } });
if (!values.dir) throw new Error('--dir <copy of a profile directory> is required');
const path = join(values.dir, 'profiles', `${values.profile}.db`);

function timed<T>(run: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  return run().then((value) => {
    const used = process.cpuUsage(cpu);
    return { value, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  });
}

const fmt = (t: { wallMs: number; cpuMs: number }) => `${t.wallMs.toFixed(0)} ms wall, ${t.cpuMs.toFixed(0)} ms CPU`;

/** Active memories with a vector and source messages, a few spread over the table. */
function purgeable(n: number): string[] {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.prepare(`SELECT m.id FROM memories m JOIN memory_vectors v ON v.rid = m.rid
      WHERE m.status = 'active' AND m.source_message_ids <> '[]' ORDER BY m.rid`).pluck().all() as string[];
    return Array.from({ length: n }, (_, i) => rows[Math.floor(((i + 1) * rows.length) / (n + 1))]);
  } finally {
    db.close();
  }
}

const [first, second] = purgeable(2);
const events: VectorIndexEvent[] = [];
const store = openSqliteStore(path, values.profile!, { textIndex: false, annSaves: 'all', onVectorIndexEvent: (e) => events.push(e) });
const before = await timed(() => store.warm());
console.log(`warm-up with the saved graphs: ${fmt(before)}; events ${events.map((e) => `${e.kind}:${e.event}`).join(' ')}`);
events.length = 0;
const purge = await timed(() => store.forget(first, { purge: true }));
console.log(`purge ${first}: ${fmt(purge)}`);
const after = await timed(() => store.warm());
console.log(`warm-up after it: ${fmt(after)}`);
for (const e of events) console.log(`  ${e.kind} ${e.event}${e.size !== undefined ? ` size ${e.size}` : ''}${e.ms !== undefined ? ` ${e.ms.toFixed(0)} ms` : ''}${e.detail ? ` (${e.detail})` : ''}`);
await store.close();

// A server's writer compacts in a child process instead: the same build from the table, timed here.
const purger = openSqliteStore(path, values.profile!, { textIndex: false, annSaves: 'none' });
await purger.forget(second, { purge: true });
await purger.close();
for (const kind of ['memory', 'message'] as const) {
  const conn = new Connection(path);
  try {
    const compact = await timed(async () => compactAnnFiles(conn, kind, path));
    console.log(`compaction of ${kind} after a purge: ${fmt(compact)}; ${JSON.stringify(compact.value)}`);
  } finally {
    conn.close();
  }
}

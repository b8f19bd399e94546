/**
 * One side of bench/ingest-same.ts, in its own process: imports the code under test from the tree
 * at argv[2], ingests the LoCoMo and BEAM dev conversations and argv[5] bench messages (rules,
 * vectors, waited, batches of 100) into one new profile under argv[3], closes it, and writes what
 * was stored to argv[4] as JSON: each table's rows in a fixed order, columns that hold the time
 * of the run left out.
 */
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadBeam } from '../datasets/beam.js';
import { loadLocomo } from '../datasets/locomo.js';
import { ingestMessages } from '../perf/questions.js';

const [root, dir, out, benchCount] = process.argv.slice(2);
const from = (file: string) => import(path.join(root!, 'src', file));
const [{ openMemory }, { resolveEmbedder }] = await Promise.all([from('index.ts'), from('models/embedders/resolve.ts')]);
const data = path.resolve(import.meta.dirname, '../../../../shared/bench');
const conversations = [...loadLocomo(path.join(data, 'locomo-dev.json')), ...loadBeam(path.join(data, 'beam-100k-dev'))];
const embedder = await resolveEmbedder(undefined, { cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
const mem = openMemory({ dataDir: dir, embedder, worker: { background: false }, recallCacheMs: 0, onWarning: () => {} });
const profile = mem.profile('same');
for (const messages of [...conversations.map((c) => c.messages), ingestMessages(7, Number(benchCount))]) {
  for (let i = 0; i < messages.length; i += 100) await profile.ingest(messages.slice(i, i + 100), { wait: true });
}
await mem.close();

/**
 * Written at run time, not derived from the input: creation and update times among them (a message
 * without a timestamp, and a memory from it, are dated by the clock; a supersession by the clock).
 */
const RUN_TIME = new Set(['created_at', 'updated_at', 'ingested_at', 'claimed_at', 'lease_until', 'finished_at', 'at', 'run_at', 'last_accessed_at', 'worker_id', 'attempts_at']);
const db = new Database(path.join(dir, 'profiles', 'same.db'), { readonly: true });
const tables: Record<string, { columns: string[]; rows: unknown[][] }> = {};
const dump = (name: string, sql: string) => {
  const statement = db.prepare(sql).raw();
  const rows = (statement.all() as unknown[][]).map((row) => row.map((v) => (Buffer.isBuffer(v) ? v.toString('base64') : v)));
  tables[name] = { columns: statement.columns().map((c) => c.name), rows };
};
for (const t of ['messages', 'memories', 'entity_counts', 'row_counts']) {
  const columns = (db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name).filter((c) => !RUN_TIME.has(c));
  dump(t, `SELECT ${columns.join(', ')} FROM ${t} ORDER BY ${columns.join(', ')}`);
}
dump('entity mentions', `SELECT entity, kind, item_key, item_id, session_id FROM (SELECT * FROM entity_mentions UNION ALL
  SELECT entity, kind, item_key, item_id, session_id FROM entity_mentions_recent) ORDER BY 1, 2, 3, 4`);
for (const v of db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%vectors%' ORDER BY name`).pluck().all() as string[]) {
  dump(v, `SELECT * FROM ${v} ORDER BY 1`);
}
db.close();
writeFileSync(out!, JSON.stringify(tables));

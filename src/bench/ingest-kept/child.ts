/**
 * One measured ingest for bench/ingest-kept.ts, in its own process: the code under test is imported
 * from the tree at argv[2] (this one or a baseline), the profile copied from argv[3] (or a new one).
 * With argv[10], ingests without waiting and also reports when the calls had returned (ackSeconds).
 * With argv[9], also times each SQL text (the top 40 in the JSON line). With argv[8], saves a CPU profile of the measured calls (this thread) to that file.
 * Prints one JSON line: seconds, CPU (all threads, and the main one's), memories and a hash of them, and the log's pages and the statements
 * run when asked.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { profileCpu } from '../perf/cpu-profile.js';
import { timeStatements } from './statement-times.js';
import { countStatements } from './statements.js';
import { threadCpuMs } from './thread-cpu.js';
import { walPages } from './wal-pages.js';

const [root, source, count, seed, batch, pages, cpuProfile, statementTimes, unwaited] = process.argv.slice(2);
const from = (file: string) => import(path.join(root!, 'src', file));
const [{ openMemory }, { createSqliteProvider }, { resolveEmbedder }, { ingestMessages }] = await Promise.all([
  from('index.ts'), from('store/sqlite/index.ts'), from('models/embedders/resolve.ts'), from('bench/perf/questions.ts'),
]);

const dir = mkdtempSync(path.join(os.tmpdir(), 'mnemo-ingest-kept-'));
const dbPath = path.join(dir, 'profiles', 'perf.db');
const resetLog = () => {
  const db = new Database(dbPath);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
};
try {
  if (source !== 'empty') {
    cpSync(path.join(source!, 'profiles'), path.join(dir, 'profiles'), { recursive: true });
    resetLog();
  }
  const embedder = await resolveEmbedder(undefined, { cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
  const provider = createSqliteProvider({ dataDir: dir });
  const mem = openMemory({ store: provider, embedder, worker: { background: false }, recallCacheMs: 0, onWarning: () => {} });
  const store = await provider.open('perf');
  await store.warm?.();
  // As in bench/perf.ts, the ingest code has run before (there: recalls and remembers first).
  await mem.profile('warm-up').ingest(ingestMessages(Number(seed) + 1000, 20), { wait: true });
  if (source === 'empty') resetLog();
  // Counting the log's pages needs the whole run in it: no checkpoint meanwhile.
  if (pages === 'pages') (store as unknown as { conn: { db: Database.Database } }).conn.db.pragma('wal_autocheckpoint = 0');

  const statements = pages === 'pages' ? countStatements() : undefined;
  const timing = statementTimes ? timeStatements() : undefined;
  const messages = ingestMessages(Number(seed), Number(count));
  const profile = mem.profile('perf');
  const written: { id: string; type: string; content: string; topicKey?: string; eventTime?: string; queries: string[]; tags: string[] }[] = [];
  const cpu = process.cpuUsage();
  const threadCpu = threadCpuMs();
  const started = performance.now();
  let ackSeconds: number | undefined;
  const work = async () => {
    for (let i = 0; i < messages.length; i += Number(batch)) {
      written.push(...((await profile.ingest(messages.slice(i, i + Number(batch)), { wait: !unwaited })).memories ?? []));
    }
    // Without wait (bench/perf.ts's "acknowledged" row): the calls return, then the worker drains
    // (its memories are not collected: no hash).
    if (unwaited) {
      ackSeconds = (performance.now() - started) / 1000;
      await profile.drain();
    }
  };
  if (cpuProfile) await profileCpu(work, cpuProfile);
  else await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const threadUsed = threadCpu === null ? null : threadCpuMs()! - threadCpu;
  const executed = statements?.stop();
  const times = timing?.stop().slice(0, 40);
  const hash = createHash('sha256');
  for (const m of written.sort((a, b) => a.id.localeCompare(b.id))) hash.update(JSON.stringify([m.id, m.type, m.content, m.topicKey, m.eventTime, m.queries, m.tags]));
  const log = pages === 'pages' ? walPages(dbPath) : undefined;
  await mem.close();
  process.stdout.write(`${JSON.stringify({ seconds, ackSeconds, cpuMs: (used.user + used.system) / 1000, mainCpuMs: threadUsed, memories: written.length, hash: hash.digest('hex').slice(0, 16), log, statements: executed, times })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * PostgreSQL vs SQLite store performance: recall-relevant reads (searchMemories, searchVectors;
 * p50/p99) and ingest throughput (insertMessages + writeMemories) at 10K and 100K memories, then
 * ingest with 1, 2 and 4 processes sharing one database (one profile). Prints a Markdown table.
 *
 *   npx tsx bench/postgres-perf.ts            # sizes 10000,100000 (about 4 minutes on 2 CPUs)
 *   npx tsx bench/postgres-perf.ts --quick    # sizes 2000,10000
 *   MNEMO_TEST_PG_URL=postgres://… npx tsx bench/postgres-perf.ts   # an existing server instead of a throwaway cluster
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messageId, randomId } from '../src/ids.js';
import { createPostgresProvider } from '../src/store/postgres/index.js';
import { createSqliteProvider } from '../src/store/sqlite/index.js';
import type { Store, StoreProvider } from '../src/store/store.js';
import type { NewMemory, NewMessage } from '../src/types.js';
import { startPostgres } from '../test/support/postgres-server.js';

const DIMS = 100;
const BATCH = 100;
const VOCAB = Array.from({ length: 3000 }, (_, i) => ['ka', 'lo', 'mi', 'ren', 'tu', 'vas', 'zel', 'pri', 'dor', 'fen'][i % 10]
  + ['bar', 'cin', 'dal', 'gor', 'hup', 'jax', 'mol', 'nix', 'quo', 'sev'][Math.floor(i / 10) % 10]
  + ['a', 'e', 'i', 'o', 'u', 'an', 'el', 'is', 'or', 'um'][Math.floor(i / 100) % 10] + String.fromCharCode(97 + Math.floor(i / 1000)));

let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const word = () => VOCAB[Math.floor(rand() * VOCAB.length)];
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
const randomVector = () => Float32Array.from({ length: DIMS }, () => rand() - 0.5);

function batchOf(worker: string, from: number): { messages: NewMessage[]; memories: NewMemory[] } {
  const messages: NewMessage[] = [];
  const memories: NewMemory[] = [];
  for (let i = from; i < from + BATCH; i++) {
    const content = `${worker} ${i} ${sentence(12)}`;
    messages.push({ id: messageId(`s${worker}-${i % 50}`, 'user', content), sessionId: `s${worker}-${i % 50}`, role: 'user', content, timestamp: null, metadata: null });
    memories.push({ id: randomId(), type: i % 5 === 0 ? 'event' : 'fact', content: sentence(10), topicKey: i % 10 === 0 ? `topic.k${i % 500}` : null,
      eventTime: null, sessionId: null, sourceMessageIds: [], queries: [sentence(6)], tags: [], importance: 0.5 });
  }
  return { messages, memories };
}

/** Ingests `count` memories (and as many messages); returns milliseconds. */
async function ingest(store: Store, worker: string, count: number): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < count; i += BATCH) {
    const { messages, memories } = batchOf(worker, i);
    await store.insertMessages(messages);
    await store.writeMemories(memories);
  }
  return performance.now() - t0;
}

async function timed(n: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(n * 0.5)], p99: ms[Math.min(n - 1, Math.floor(n * 0.99))] };
}

function open(backend: string, target: string): StoreProvider {
  return backend === 'postgres'
    ? createPostgresProvider({ connectionString: target, poolSize: 4, onWarning: () => {} })
    : createSqliteProvider({ dataDir: target });
}

interface Row { backend: string; size: number; ingest: number; fts: { p50: number; p99: number }; knn: { p50: number; p99: number } }

async function single(backend: string, target: string, size: number): Promise<Row> {
  const provider = open(backend, target);
  const store = await provider.open(`bench-${size}`);
  const ms = await ingest(store, 'w', size);
  const ids = (await store.missingVectors('memory', size * 2)).map((o) => o.id);
  for (let i = 0; i < ids.length; i += 1000) {
    await store.upsertVectors(ids.slice(i, i + 1000).map((id) => ({ kind: 'memory' as const, id, vector: randomVector() })));
  }
  await store.searchVectors(randomVector(), { kind: 'memory', limit: 10 }); // warm the in-process index
  const fts = await timed(200, () => store.searchMemories({ terms: [word(), word(), word()] }, { limit: 20 }));
  const knn = await timed(100, () => store.searchVectors(randomVector(), { kind: 'memory', limit: 20 }));
  await provider.close();
  return { backend, size, ingest: (size / ms) * 1000, fts, knn };
}

function runWorker(backend: string, target: string, worker: number, count: number, startAt: number): Promise<number> {
  const file = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', file, '--worker', backend, target, String(worker), String(count), String(startAt)],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => { out += d; });
    proc.on('exit', (code) => (code === 0 ? resolve(Number(out.trim().split('\n').pop())) : reject(new Error(`worker exited ${code}`))));
  });
}

async function parallel(backend: string, target: string, processes: number, perProcess: number): Promise<number> {
  const startAt = Date.now() + 2500;
  await Promise.all(Array.from({ length: processes }, (_, w) => runWorker(backend, target, w, perProcess, startAt)));
  return ((processes * perProcess) / (Date.now() - startAt)) * 1000;
}

async function workerMain(args: string[]): Promise<void> {
  const [backend, target, worker, count, startAt] = args;
  const provider = open(backend, target);
  const store = await provider.open('shared');
  while (Date.now() < Number(startAt)) await new Promise((r) => setTimeout(r, 5));
  await ingest(store, `p${worker}`, Number(count));
  await provider.close();
  process.stdout.write('done\n');
}

async function main(): Promise<void> {
  const sizes = process.argv.includes('--quick') ? [2000, 10_000] : [10_000, 100_000];
  const server = await startPostgres();
  if (!server.ok) throw new Error(`no PostgreSQL server: ${server.reason}`);
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-bench-'));
  const rows: Row[] = [];
  const perProcess = Math.min(5000, sizes[0]);
  const scaling: { backend: string; processes: number; rate: number }[] = [];
  try {
    for (const size of sizes) {
      for (const backend of ['sqlite', 'postgres']) {
        const target = backend === 'postgres' ? await server.createDatabase('mnemo_bench') : join(dir, `single-${size}`);
        rows.push(await single(backend, target, size));
        console.error(`done: ${backend} ${size}`);
      }
    }
    for (const backend of ['sqlite', 'postgres']) {
      for (const processes of [1, 2, 4]) {
        const target = backend === 'postgres' ? await server.createDatabase('mnemo_bench') : join(dir, `multi-${processes}`);
        scaling.push({ backend, processes, rate: await parallel(backend, target, processes, perProcess) });
        console.error(`done: ${backend} x${processes}`);
      }
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const f = (n: number) => n.toFixed(n < 10 ? 2 : 0);
  console.log(`\n### Store performance (${DIMS}-d vectors, batches of ${BATCH}; PostgreSQL ${process.env.MNEMO_TEST_PG_URL ? 'server' : 'throwaway cluster, fsync off'})\n`);
  console.log('| backend | memories | ingest (memories+messages/s) | searchMemories p50 / p99 ms | searchVectors p50 / p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.backend} | ${r.size} | ${f(r.ingest)} | ${f(r.fts.p50)} / ${f(r.fts.p99)} | ${f(r.knn.p50)} / ${f(r.knn.p99)} |`);
  console.log(`\n| backend | processes (one profile, ${perProcess} memories each) | ingest total (memories+messages/s) |`);
  console.log('|---|---:|---:|');
  for (const s of scaling) console.log(`| ${s.backend} | ${s.processes} | ${f(s.rate)} |`);
}

if (process.argv[2] === '--worker') await workerMain(process.argv.slice(3));
else await main();

/**
 * HTTP load benchmark: `npx tsx bench/http-load.ts [--seconds 10] [--memories 10000] [--embedder hashing|glove|none]`.
 * Seeds a profile through POST /import, then drives recall (8 repeated questions), recall-unique
 * (every request a different question, so no result is reused) and remember at 1, 16 and 64
 * concurrent connections from a child process (undici pool), reports req/s, p50/p99, errors and
 * the CPU ms per request of the server process and of the driver, adds a baseline of direct
 * library calls (and each HTTP row's req/s as a ratio of it), and checks every acknowledged
 * remember is stored. `--driver thread` runs the load generator in a worker thread instead;
 * `--library false` skips the direct-call baseline; `--recall-threads N` answers recall on N worker
 * threads (`openMemory({ recallThreads })`; default as `mnemo serve`: one per core but one, 1 to 4);
 * `--recall-cache-ms N` sets recall result reuse (0: off); `--warmup S` first sends S seconds of
 * no-repeat recalls at 16 connections (questions none of the measured ones asks; 0: none), since
 * the first seconds of load measure V8 compiling the hot code, not the server it ends up as. The result goes to
 * bench/results/http-<memories>.json with the machine's facts (`--results DIR`, `--no-results`).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startHttpServer } from '../src/http/server.js';
import { openMemory } from '../src/index.js';
import { RECALL_CACHE_MS } from '../src/recall-pool/result-cache.js';
import { defaultRecallThreads } from '../src/recall-pool/thread-count.js';
import { sizeLabel } from '../src/bench/perf/format.js';
import { machineFacts } from '../src/bench/perf/machine.js';
import { writeResultFile } from '../src/bench/perf/results-file.js';
import { benchArgs } from '../src/bench/bench-args.js';
import { seedDocument } from './http-load-seed.js';
import { DRIVER_SOURCE, QUERIES, UNIQUE_QUESTION, summarize, type OpResult } from './http-load-driver.js';

const args = benchArgs('bench/http-load', `npx tsx bench/http-load.ts [--seconds 10] [--memories 10000] [--embedder hashing|glove|none] [--conns 1,16,64]
  [--ops recall,recall-unique,remember] [--driver process|thread] [--recall-cache-ms N] [--recall-threads N] [--library true|false] [--warmup S]
  [--results DIR | --no-results]`, {
  seconds: { type: 'string', default: '10' }, memories: { type: 'string', default: '10000' }, embedder: { type: 'string', default: 'hashing' },
  conns: { type: 'string', default: '1,16,64' }, ops: { type: 'string', default: 'recall,recall-unique,remember' }, driver: { type: 'string', default: 'process' },
  'recall-cache-ms': { type: 'string', default: String(RECALL_CACHE_MS) }, results: { type: 'string', default: path.join(import.meta.dirname, 'results') },
  'no-results': { type: 'boolean', default: false }, library: { type: 'string', default: 'true' }, 'recall-threads': { type: 'string', default: String(defaultRecallThreads()) },
  warmup: { type: 'string', default: '10' },
});
const { values } = args;
args.choices('ops', ['recall', 'recall-unique', 'remember']);
args.choice('embedder', ['hashing', 'glove', 'none']);
args.choice('driver', ['process', 'thread']);
args.choice('library', ['true', 'false']);
for (const c of values.conns.split(',')) if (!/^\d+$/.test(c) || Number(c) < 1) args.fail(`--conns takes connection counts such as 1,16,64; got ${JSON.stringify(c)}`);
args.whole('seconds', 1);
args.whole('memories', 10);
args.whole('recall-cache-ms', 0);
args.whole('recall-threads', 0);
const warmup = args.whole('warmup', 0);
const CONNS = values.conns.split(',').map(Number);
type Op = 'recall' | 'recall-unique' | 'remember';
const OPS = values.ops.split(',') as Op[];
const seconds = Number(values.seconds);
const count = Number(values.memories);
const embedderKind = values.embedder === 'glove' || values.embedder === 'none' ? values.embedder : 'hashing';
const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-load-'));
const recallThreads = Number(values['recall-threads']);
const mnemo = openMemory({ dataDir: dir, embedder: embedderKind === 'none' ? false : { kind: embedderKind }, recallThreads, recallCacheMs: Number(values['recall-cache-ms']), onWarning: () => {} });
const server = await startHttpServer({ mnemo, port: 0, logger: false, importBodyLimit: 1 << 30 });
const profile = mnemo.profile('bench');

// ---- seed ---------------------------------------------------------------------------------------
let t0 = performance.now();
const doc = seedDocument(count);
const imp = await fetch(`${server.url}/v1/profiles/bench/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(doc) });
if (!imp.ok) throw new Error(`import failed: ${imp.status} ${await imp.text()}`);
await profile.drain();
await profile.warm();
const stats = await profile.stats();
console.log(`seeded ${stats.memories.fact ?? JSON.stringify(stats.memories)} memories, ${stats.vectors} vectors (${embedderKind}) in ${((performance.now() - t0) / 1000).toFixed(1)} s; recall threads: ${recallThreads}`);

// ---- HTTP load from a child process (or a worker thread) -------------------------------------------------------------
const undiciPath = createRequire(import.meta.url).resolve('undici');
const driverFile = path.join(dir, 'driver.cjs');
writeFileSync(driverFile, DRIVER_SOURCE);
/** Load from the driver; `cpuMs` is this process's CPU per request (server only with `--driver process`). */
async function drive(op: Op, connections: number): Promise<OpResult> {
  const cpu = process.cpuUsage();
  const r = await driveOnce(op, connections);
  return { ...r, ...(await withBacklog(cpu, r.rps * seconds)) };
}

/** CPU per request, also after running the background jobs the phase left behind (embeddings of new memories). */
async function withBacklog(cpu: NodeJS.CpuUsage, requests: number) {
  const ms = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000 / Math.max(1, requests);
  const cpuMs = ms(process.cpuUsage(cpu));
  const t = performance.now();
  await profile.drain();
  return { cpuMs, cpuJobsMs: ms(process.cpuUsage(cpu)), drainMs: performance.now() - t };
}
/** `from`: the first no-repeat question (from `4 * count` on, ones no measured phase of under 40,000 requests asks). */
function driveOnce(op: Op, connections: number, secs = seconds, from = 0): Promise<OpResult> {
  const workerData = { url: server.url, op, connections, seconds: secs, undiciPath, queries: QUERIES, count, from };
  return new Promise((resolve, reject) => {
    const w = values.driver === 'process'
      ? fork(driverFile, [], { env: { ...process.env, MNEMO_LOAD_DRIVER: JSON.stringify(workerData) }, execArgv: [] })
      : new Worker(DRIVER_SOURCE, { eval: true, workerData });
    w.once('message', (m) => resolve(m as OpResult));
    w.once('error', reject);
  });
}

// ---- the same loop without HTTP -----------------------------------------------------------------
const uniqueQuestion = new Function(`return ${UNIQUE_QUESTION}`)() as (i: number, count: number) => string;
async function direct(op: Op, concurrency: number): Promise<OpResult> {
  const cpu = process.cpuUsage();
  const lat: number[] = [];
  const ids: string[] = [];
  let errors = 0, n = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async (_, w) => {
    while (performance.now() < end) {
      const i = n++;
      const s = performance.now();
      try {
        if (op === 'recall') await profile.recall(QUERIES[i % QUERIES.length]);
        else if (op === 'recall-unique') await profile.recall(uniqueQuestion(i, count));
        else ids.push((await profile.remember({ content: `Direct note ${w}-${i}: the build cache lives in bucket b${i}.` })).memory.id);
      } catch { errors++; }
      lat.push(performance.now() - s);
    }
  }));
  return { ...summarize(lat, errors, seconds, ids), ...(await withBacklog(cpu, lat.length)) };
}

async function recallSteps(): Promise<string> {
  // Where a recall's time goes: its own step timings, one call at a time (no interleaving), each a
  // different question so no result is reused.
  const steps: Record<string, number> = {};
  let bytes = 0;
  for (let i = 0; i < 200; i++) {
    const res = await profile.recall(uniqueQuestion(i * 37 + 11, count));
    for (const [k, v] of Object.entries(res.timings)) steps[k] = (steps[k] ?? 0) + v / 200;
    bytes += JSON.stringify(res).length / 200;
  }
  return `recall steps at ${count} memories, mean ms of 200 sequential calls: ${Object.entries(steps).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}; response ${(bytes / 1024).toFixed(1)} KiB`;
}
const rows: string[] = [
  '| mode | op | conns | req/s | p50 ms | p99 ms | errors | CPU ms/req | driver CPU ms/req | req/s ÷ library | + jobs after | backlog drain s |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
const pending: [string, Op, number, OpResult][] = [];
const library = new Map<Op, OpResult>();
const acked: string[] = [];
const format = (mode: string, op: Op, c: number, r: OpResult) => {
  const base = library.get(op);
  const ratio = mode === 'http' && base ? (r.rps / base.rps).toFixed(2) : '–';
  return `| ${mode} | ${op} | ${c} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} | ${r.cpuMs?.toFixed(2)} | ${r.driverCpuMs?.toFixed(2) ?? '–'} | ${ratio} | ${r.cpuJobsMs?.toFixed(2)} | ${((r.drainMs ?? 0) / 1000).toFixed(1)} |`;
};
const row = (mode: string, op: Op, c: number, r: OpResult) => {
  pending.push([mode, op, c, r]);
  if (mode === 'library') library.set(op, r);
  console.log(format(mode, op, c, r));
};
let steps = '';
if (warmup > 0) {
  const w = await driveOnce('recall-unique', 16, warmup, 4 * count); // another attribute than any measured question's
  console.log(`warm-up: ${warmup} s of no-repeat recalls at 16 connections, ${w.rps.toFixed(0)} req/s, ${w.errors} errors`);
}
for (const op of OPS) {
  if (op === 'recall') steps = await recallSteps(); // before any remember grows the profile
  for (const c of CONNS) {
    const r = await drive(op, c);
    acked.push(...r.ids);
    row('http', op, c, r);
  }
  if (values.library === 'false') continue;
  const d = await direct(op, 16);
  acked.push(...d.ids);
  row('library', op, 16, d);
}

// ---- durability of acknowledged writes ----------------------------------------------------------
t0 = performance.now();
let missing = 0;
for (const id of acked) {
  try { await profile.get(id); } catch { missing++; }
}
rows.push(...pending.map(([mode, op, c, r]) => format(mode, op, c, r)));
const driverNote = values.driver === 'process'
  ? 'driver: child process; CPU ms/req is the server process alone (main thread + recall threads), driver CPU ms/req the load generator'
  : 'driver: worker thread; CPU ms/req counts the server and the driver together';
console.log(`\n${rows.join('\n')}\n(${driverNote}; recall = 8 repeated questions, recall-unique = every request a different question; recall result reuse: ${values['recall-cache-ms']} ms; baseline: the library rows, direct calls at 16 concurrent)\n`);
if (steps) console.log(steps);
console.log(`verified ${acked.length} acknowledged remembers: ${missing} missing (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
if (!values['no-results']) {
  const file = writeResultFile(values.results, `http-${sizeLabel(count).toLowerCase()}`, machineFacts(), {
    memories: count, seconds, warmup, embedder: embedderKind, recallThreads, driver: values.driver, recallCacheMs: Number(values['recall-cache-ms']),
    rows: pending.map(([mode, op, connections, r]) => ({ mode, op, connections, ...r, ids: undefined })), steps, missing,
  });
  console.log(`result: ${path.relative(process.cwd(), file)}`);
}
await server.close();
await mnemo.close();
rmSync(dir, { recursive: true, force: true });
process.exit(missing === 0 ? 0 : 1);

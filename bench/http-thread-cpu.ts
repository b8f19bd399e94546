/**
 * Which thread an HTTP recall's CPU goes to: `npx tsx bench/http-thread-cpu.ts [--tree DIR] [--memories 10000]
 * [--warmup 10] [--seconds 10] [--conns 16] [--recall-threads N]`. Serves a tree's HTTP app over a copy of the
 * bench:http profile (seeded once into `--seed DIR` when given, else a temporary one), sends `--warmup` seconds of
 * no-repeat recalls on other questions, then `--seconds` of measured ones from the forked undici driver of
 * bench:http, and prints req/s, p50/p99, the server's and the driver's CPU ms per request, and each thread's
 * (Linux scheduler run time: main, recall threads, V8's and libuv's own threads). Run it under
 * `node --cpu-prof` for a profile of every thread.
 */
import { fork } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { DRIVER_SOURCE, QUERIES, type OpResult } from './http-load-driver.js';
import { seedWithTree } from './http-load-seed.js';

const args = benchArgs('bench/http-thread-cpu', `npx tsx bench/http-thread-cpu.ts [--tree DIR] [--memories 10000] [--warmup 10] [--seconds 10] [--conns 16]
  [--recall-threads N] [--seed DIR]`, {
  tree: { type: 'string' }, memories: { type: 'string', default: '10000' }, warmup: { type: 'string', default: '10' },
  seconds: { type: 'string', default: '10' }, conns: { type: 'string', default: '16' }, 'recall-threads': { type: 'string' }, seed: { type: 'string' },
});
const { values } = args;
const count = args.whole('memories', 10), warmup = args.whole('warmup', 0), seconds = args.whole('seconds', 1), conns = args.whole('conns', 1);
const tree = path.resolve(values.tree ?? path.join(import.meta.dirname, '..'));
const { openMemory } = await import(path.join(tree, 'src/index.ts'));
const { startHttpServer } = await import(path.join(tree, 'src/http/server.ts'));
const { defaultRecallThreads } = await import(path.join(tree, 'src/recall-pool/thread-count.ts'));
const recallThreads = values['recall-threads'] === undefined ? (defaultRecallThreads() as number) : args.whole('recall-threads', 0);

const seed = values.seed ? path.resolve(values.seed) : mkdtempSync(path.join(os.tmpdir(), 'mnemo-thread-cpu-seed-'));
if (!existsSync(path.join(seed, '.seeded'))) {
  await seedWithTree(tree, seed, count);
  writeFileSync(path.join(seed, '.seeded'), String(count));
}
const dir = mkdtempSync(path.join(os.tmpdir(), 'mnemo-thread-cpu-'));
cpSync(seed, dir, { recursive: true });
const mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, recallThreads, onWarning: () => {} });
const server = await startHttpServer({ mnemo, port: 0, logger: false, webhooks: false });
await mnemo.profile('bench').warm();
const undiciPath = createRequire(import.meta.url).resolve('undici');
const driverFile = path.join(dir, 'driver.cjs');
writeFileSync(driverFile, DRIVER_SOURCE);

/** Run time so far of each thread of this process, ms (Linux schedstat). */
function threadMs(): Map<string, number> {
  return new Map(readdirSync('/proc/self/task').map((t) => [t, Number(readFileSync(`/proc/self/task/${t}/schedstat`, 'utf8').split(' ')[0]) / 1e6]));
}
const threadName = (t: string) => (t === String(process.pid) ? 'main' : `${readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim()}:${t}`);

function drive(secs: number, from: number): Promise<OpResult> {
  const data = { url: server.url, op: 'recall-unique', connections: conns, seconds: secs, undiciPath, queries: QUERIES, count, from };
  return new Promise((resolve, reject) => {
    const child = fork(driverFile, [], { env: { ...process.env, MNEMO_LOAD_DRIVER: JSON.stringify(data) }, execArgv: [] });
    child.once('message', (m) => resolve(m as OpResult));
    child.once('error', reject);
  });
}

if (warmup > 0) await drive(warmup, 4 * count); // another attribute than any measured question's
const before = threadMs(), cpu = process.cpuUsage();
const r = await drive(seconds, 0);
const after = threadMs(), used = process.cpuUsage(cpu);
const n = Math.max(1, r.rps * seconds);
const perThread = [...after].map(([t, ms]) => [t, (ms - (before.get(t) ?? 0)) / n] as const).filter(([, ms]) => ms >= 0.01);
console.log(`${recallThreads} recall thread(s), ${conns} connections, ${warmup} s warm-up: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors; ` +
  `server ${((used.user + used.system) / 1000 / n).toFixed(3)} CPU ms/request, driver ${r.driverCpuMs?.toFixed(3)}; load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`per thread, CPU ms/request: ${perThread.map(([t, ms]) => `${threadName(t)} ${ms.toFixed(3)}`).join(', ')}`);
await server.close();
await mnemo.close();
rmSync(dir, { recursive: true, force: true });
if (!values.seed) rmSync(seed, { recursive: true, force: true });
process.exit(0);

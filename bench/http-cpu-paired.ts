/**
 * CPU per unique HTTP recall, this tree against another in one process: `npx tsx bench/http-cpu-paired.ts
 * --baseline DIR [--memories 10000] [--questions 800] [--conns 16] [--rounds 2] [--baseline-first]`. Seeds the profile of
 * bench/http-load.ts once (by the baseline's tree, the older schema), opens a copy in each tree behind its own HTTP
 * server on loopback (recall threads and result reuse as `mnemo serve` has them), and sends the recall-unique
 * questions in batches of 40, `--conns` at a time, the trees taking turns batch by batch, so a load that changes
 * within seconds weighs on both alike (forked http-load runs at load 10+ differed by 2x between runs of one tree).
 * CPU is this process's: servers, recall threads and the undici client, whose share is the same for both trees.
 * Prints CPU ms per request of each tree, the median of the batches' ratios, and whether both answered every
 * question with the same ranked results and the same response content (all but `timings`); on Linux also the main thread's share (HTTP, the result cache, and the
 * client; the recall threads apart), from the scheduler's per-thread run time. The server opened first ran ~5 %
 * dearer against an exact copy of itself (session 22): `--baseline-first` opens the baseline's first, so a pair of runs
 * in both orders cancels that out.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { UNIQUE_QUESTION } from './http-load-driver.js';
import { seedWithTree } from './http-load-seed.js';
import { contentDigest, digest, type Ranked } from './ranked-digest.js';

const args = benchArgs('bench/http-cpu-paired', `npx tsx bench/http-cpu-paired.ts --baseline DIR [--memories 10000] [--questions 800] [--conns 16] [--rounds 2] [--baseline-first]`, {
  baseline: { type: 'string' }, memories: { type: 'string', default: '10000' }, questions: { type: 'string', default: '800' },
  conns: { type: 'string', default: '16' }, rounds: { type: 'string', default: '2' },
  'baseline-first': { type: 'boolean', default: false },
});
const { values } = args;
if (!values.baseline) args.fail('--baseline DIR is required (another checkout of mnemo, with node_modules)');
const count = args.whole('memories', 10), questions = args.whole('questions', 40), conns = args.whole('conns', 1), rounds = args.whole('rounds', 1);
const BATCH = 40;
const here = path.resolve(import.meta.dirname, '..');
const trees = [here, path.resolve(values.baseline!)];
const ask = new Function(`return ${UNIQUE_QUESTION}`)() as (i: number, count: number) => string;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const { Pool } = createRequire(import.meta.url)('undici') as typeof import('undici');

/** This process's main thread's CPU ms so far (Linux schedstat; NaN elsewhere). */
function mainThreadMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}


/** A tree's server over its own copy of the seeded profile; no background jobs, so no access fold moves scores between trees. */
async function openServer(tree: string, from: string) {
  const { openMemory } = await import(path.join(tree, 'src/index.ts'));
  const { startHttpServer } = await import(path.join(tree, 'src/http/server.ts'));
  const { defaultRecallThreads } = await import(path.join(tree, 'src/recall-pool/thread-count.ts'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mnemo-http-cpu-'));
  cpSync(from, dir, { recursive: true });
  const mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, recallThreads: defaultRecallThreads(), worker: { background: false }, onWarning: () => {} });
  const server = await startHttpServer({ mnemo, port: 0, logger: false, webhooks: false });
  await mnemo.profile('bench').warm();
  const pool = new Pool(server.url, { connections: conns, pipelining: 1 });
  const recall = async (q: string): Promise<Ranked & { content: string }> => {
    const res = await pool.request({ path: '/v1/profiles/bench/recall', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: q }) });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${tree}: recall answered ${res.statusCode}: ${text.slice(0, 200)}`);
    const result = JSON.parse(text) as Ranked;
    return Object.assign(result, { content: contentDigest(result) });
  };
  const close = async () => {
    await pool.close();
    await server.close();
    await mnemo.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { recall, close };
}

/** Questions `from`..`to` at `conns` concurrent requests; their ranked and content digests in question order. */
async function batch(recall: (q: string) => Promise<Ranked & { content: string }>, from: number, to: number): Promise<string[]> {
  const out: string[] = new Array(to - from);
  let next = from;
  await Promise.all(Array.from({ length: Math.min(conns, to - from) }, async () => {
    for (let i = next++; i < to; i = next++) {
      const res = await recall(ask(i, count));
      out[i - from] = `${digest(res)} ${res.content}`;
    }
  }));
  return out;
}

const seeded = mkdtempSync(path.join(os.tmpdir(), 'mnemo-http-cpu-seed-'));
await seedWithTree(trees[1]!, seeded, count);
const servers: Awaited<ReturnType<typeof openServer>>[] = [];
for (const side of values['baseline-first'] ? [1, 0] : [0, 1]) servers[side] = await openServer(trees[side]!, seeded);
// Warm-up on other questions than the measured ones (JIT, caches), both trees.
for (const s of servers) await batch((q) => s.recall(q), count / 2, count / 2 + 200);
console.log(`${questions} unique recalls over HTTP at ${count} memories, ${conns} connections, ${rounds} round(s), ${values['baseline-first'] ? 'baseline' : 'this tree'}'s server opened first; load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const ratios: number[] = [];
const totals = [0, 0], mainTotals = [0, 0];
let differ = 0, contentDiffers = 0;
for (let r = 0; r < rounds; r++) {
  const round = [0, 0];
  for (let b = 0; b * BATCH < questions; b++) {
    const from = b * BATCH, to = Math.min(questions, from + BATCH);
    const ms = [0, 0];
    const ranked: string[][] = [[], []];
    for (const side of (b + r) % 2 ? [1, 0] : [0, 1]) {
      const cpu = process.cpuUsage(), main = mainThreadMs();
      ranked[side] = await batch(servers[side]!.recall, from, to);
      const used = process.cpuUsage(cpu);
      ms[side] = (used.user + used.system) / 1000;
      mainTotals[side]! += (mainThreadMs() - main) / (questions * rounds);
    }
    differ += ranked[0]!.filter((d, i) => d.split(' ')[0] !== ranked[1]![i]!.split(' ')[0]).length;
    contentDiffers += ranked[0]!.filter((d, i) => d.split(' ')[1] !== ranked[1]![i]!.split(' ')[1]).length;
    ratios.push(ms[0]! / ms[1]!);
    for (const side of [0, 1]) round[side]! += ms[side]! / questions;
  }
  totals[0]! += round[0]! / rounds;
  totals[1]! += round[1]! / rounds;
  console.log(`round ${r + 1}: this tree ${round[0]!.toFixed(3)}, baseline ${round[1]!.toFixed(3)} CPU ms/request (process: servers, threads, client)`);
}
for (const s of servers) await s.close();
rmSync(seeded, { recursive: true, force: true });
console.log(differ === 0 ? `ranked results identical on all ${questions * rounds} requests` : `ranked results differ on ${differ} of ${questions * rounds} requests`);
console.log(contentDiffers === 0 ? `response content (all but timings) identical on all ${questions * rounds} requests` : `response content differs on ${contentDiffers} of ${questions * rounds} requests`);
console.log(`main thread CPU ms/request: this tree ${mainTotals[0]!.toFixed(3)}, baseline ${mainTotals[1]!.toFixed(3)}`);
console.log(`CPU ms/request: this tree ${totals[0]!.toFixed(3)}, baseline ${totals[1]!.toFixed(3)} (${values.baseline}), ratio ${(totals[0]! / totals[1]!).toFixed(3)}; median batch ratio ${median(ratios).toFixed(3)} of ${ratios.length}; load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);

/**
 * CPU per unique recall, in process: `npx tsx bench/recall-cpu.ts [--memories 10000] [--questions 600]
 * [--rounds 3] [--baseline DIR [--paired]]`. Seeds the profile of bench/http-load.ts once (a copy for each probe), then asks its recall-unique
 * questions one at a time (no HTTP; on the main thread, or on `--recall-threads N` as `mnemo serve` does) and
 * reports CPU ms per recall (user + system of every thread, garbage collection included) and mean step timings. `--baseline DIR` is another
 * checkout of mnemo (with node_modules): each round runs both trees in fresh child processes, alternating,
 * and prints the ratio, so a load that changes during the run weighs on both sides alike (`--paired`: both trees in one
 * process taking turns on batches of 20 questions, for loads that change within seconds), and whether both ranked
 * the same results for every question (contents, channels, scores to 6 digits, answer). `--profile FILE`
 * saves a CPU profile of this tree's measured recalls (.cpuprofile, for Chrome DevTools) and prints its hottest files.
 */
import { fork } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { UNIQUE_QUESTION } from './http-load-driver.js';
import { seedWithTree } from './http-load-seed.js';
import { digest } from './ranked-digest.js';
import { profileCpu } from '../src/bench/perf/cpu-profile.js';

const args = benchArgs('bench/recall-cpu', `npx tsx bench/recall-cpu.ts [--memories 10000] [--questions 600] [--rounds 3] [--baseline DIR [--paired]]
  [--recall-threads 0-4] [--profile FILE]`, {
  memories: { type: 'string', default: '10000' }, questions: { type: 'string', default: '600' }, rounds: { type: 'string', default: '3' },
  baseline: { type: 'string' }, paired: { type: 'boolean', default: false }, pair: { type: 'string' }, child: { type: 'string' }, from: { type: 'string' }, seed: { type: 'string' }, 'recall-threads': { type: 'string', default: '0' }, profile: { type: 'string' },
});
const { values } = args;
const count = args.whole('memories', 1), questions = args.whole('questions', 1), rounds = args.whole('rounds', 1);
const threads = args.whole('recall-threads', 0);
if (threads > 4) args.fail(`--recall-threads must be from 0 to 4; got ${threads}`);
if (values.paired && !values.baseline) args.fail('--paired needs --baseline DIR');
if (values.paired && values.profile) args.fail('--paired and --profile cannot be combined');

const here = path.resolve(import.meta.dirname, '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ask = new Function(`return ${UNIQUE_QUESTION}`)() as (i: number, count: number) => string;

/** `ranked`: per question, a digest of the ranked memories and messages (contents, channels, scores to 6 digits) and the answer. */
interface Sample { cpuMs: number; wallMs: number; steps: Record<string, number>; ranked: string[]; batchRatio?: number }


/** A probe: a copy of the seeded profile opened by `tree`, and `warmJit` to warm it up on other questions than the measured ones. */
async function openProbe(tree: string, from: string) {
  const { openMemory } = await import(path.join(tree, 'src/index.ts'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mnemo-recall-cpu-'));
  cpSync(from, dir, { recursive: true });
  // No background jobs: folding the access log would change salience, and so scores, at times that differ between probes.
  const mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, recallThreads: threads, recallCacheMs: 0, worker: { background: false }, onWarning: () => {} });
  const profile = mnemo.profile('bench');
  await profile.warm();
  const warmJit = async () => {
    for (let i = 0; i < 200; i++) await profile.recall(ask(count / 2 + i * 13, count)); // on other questions
  };
  const close = async () => {
    await mnemo.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { profile, warmJit, close };
}

async function measure(tree: string, from: string): Promise<Sample> {
  const { profile, warmJit, close } = await openProbe(tree, from);
  await warmJit();
  const steps: Record<string, number> = {};
  const ranked: string[] = [];
  const run = async () => {
    for (let i = 0; i < questions; i++) {
      const res = await profile.recall(ask(i, count));
      for (const [k, v] of Object.entries(res.timings as Record<string, number>)) steps[k] = (steps[k] ?? 0) + v / questions;
      ranked.push(digest(res));
    }
  };
  const cpu = process.cpuUsage(), t = performance.now();
  if (values.profile && tree === here) {
    const hot = await profileCpu(run, values.profile);
    console.log(hot.byFile.map((f) => `${f.name} ${(f.share * 100).toFixed(1)} %`).join('\n'));
  } else await run();
  const used = process.cpuUsage(cpu);
  const sample = { cpuMs: (used.user + used.system) / 1000 / questions, wallMs: (performance.now() - t) / questions, steps, ranked };
  await close();
  return sample;
}

/**
 * `--paired`: both trees open side by side in one process and take turns on batches of 20 questions
 * (the first to go alternating), so a load that changes within seconds weighs on both alike; the
 * garbage collector may collect either side's garbage during the other's turn.
 */
async function measurePaired(trees: string[], from: string): Promise<Sample[]> {
  const probes = [];
  for (const tree of trees) probes.push(await openProbe(tree, from));
  // Only once all are open: opening yields to timers, which would fold one probe's accesses into salience.
  for (const p of probes) await p.warmJit();
  const cpuMs = trees.map(() => 0);
  const ranked: string[][] = trees.map(() => []);
  const ratios: number[] = [];
  for (let b = 0; b * 20 < questions; b++) {
    const batch = [0, 0];
    for (const side of b % 2 ? [1, 0] : [0, 1]) {
      const cpu = process.cpuUsage();
      for (let i = b * 20; i < Math.min(questions, b * 20 + 20); i++) ranked[side]!.push(digest(await probes[side]!.profile.recall(ask(i, count))));
      const used = process.cpuUsage(cpu);
      batch[side] = (used.user + used.system) / 1000;
      cpuMs[side]! += batch[side]! / questions;
    }
    ratios.push(batch[0]! / batch[1]!);
  }
  for (const p of probes) await p.close();
  // The median of the batches' ratios: a burst of load (or a collection of the other side's garbage) moves one batch, not the whole.
  const ratio = median(ratios);
  return trees.map((_, side) => ({ cpuMs: cpuMs[side]!, wallMs: NaN, steps: {}, ranked: ranked[side]!, batchRatio: side === 0 ? ratio : 1 / ratio }));
}

function inChild<T>(tree: string, mode: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const childArgs = ['--child', tree, ...mode, '--memories', String(count), '--questions', String(questions), '--recall-threads', String(threads), ...(values.profile ? ['--profile', values.profile] : [])];
    const child = fork(import.meta.filename, childArgs, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`probe of ${tree} exited with ${code}`)));
  });
}

if (values.child) {
  if (values.seed) await seedWithTree(values.child, values.seed, count);
  const from = () => values.from ?? args.fail('--child needs --from DIR or --seed DIR');
  if (values.pair) {
    if (process.send) process.send(await measurePaired([values.child, values.pair], from()));
    process.exit(0);
  }
  const s = values.seed ? null : await measure(values.child, from());
  if (process.send) process.send(s ?? {});
  else if (s) console.log(`${values.child}: ${s.cpuMs.toFixed(3)} CPU ms/recall, ${s.wallMs.toFixed(3)} wall ms`);
  process.exit(0);
}

const trees = values.baseline ? [here, path.resolve(values.baseline)] : [here];
const cpu = new Map<string, number[]>(trees.map((t) => [t, []]));
const rankings = new Map<string, string[]>();
const batchRatios: number[] = [];
const seeded = mkdtempSync(path.join(os.tmpdir(), 'mnemo-recall-cpu-seed-'));
await inChild(trees.at(-1)!, ['--seed', seeded]);
console.log(`${questions} unique recalls at ${count} memories, ${rounds} round(s); load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (let r = 0; r < rounds; r++) {
  if (values.paired) {
    const order = r % 2 ? [...trees].reverse() : trees;
    const pair = await inChild<Sample[]>(order[0]!, ['--from', seeded, '--pair', order[1]!]);
    order.forEach((tree, side) => {
      cpu.get(tree)!.push(pair[side]!.cpuMs);
      rankings.set(tree, pair[side]!.ranked);
    });
    const batchRatio = pair[order.indexOf(here)]!.batchRatio!;
    batchRatios.push(batchRatio);
    console.log(`round ${r + 1} paired: this tree ${cpu.get(here)!.at(-1)!.toFixed(3)}, baseline ${cpu.get(trees[1]!)!.at(-1)!.toFixed(3)} CPU ms/recall; median batch ratio ${batchRatio.toFixed(3)}`);
    continue;
  }
  for (const tree of r % 2 ? [...trees].reverse() : trees) {
    const s = await inChild<Sample>(tree, ['--from', seeded]);
    cpu.get(tree)!.push(s.cpuMs);
    rankings.set(tree, s.ranked);
    const steps = Object.entries(s.steps).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
    console.log(`round ${r + 1} ${tree === here ? 'this tree' : 'baseline '}: ${s.cpuMs.toFixed(3)} CPU ms/recall, ${s.wallMs.toFixed(3)} wall ms; ${steps}`);
  }
}
const mine = median(cpu.get(here)!);
const line = [`median CPU ms/recall: this tree ${mine.toFixed(3)}`];
if (values.baseline) {
  const base = median(cpu.get(trees[1])!);
  line.push(`baseline ${base.toFixed(3)} (${values.baseline}), ratio ${(mine / base).toFixed(3)}`);
  if (values.paired) line.push(`median of the rounds' median batch ratios ${median(batchRatios).toFixed(3)}`);
  const [a, b] = [rankings.get(here)!, rankings.get(trees[1])!];
  const differ = a.flatMap((d, i) => (d === b[i] ? [] : [i]));
  console.log(differ.length === 0
    ? `ranked lists identical on all ${a.length} questions (last round)`
    : `ranked lists differ on ${differ.length} of ${a.length} questions (last round), first: "${ask(differ[0], count)}"`);
}
console.log(`${line.join('; ')}; load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
rmSync(seeded, { recursive: true, force: true });

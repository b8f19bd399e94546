/**
 * Waited ingest (rules, vectors, batches of 100: bench/perf.ts's ingest row) into a fresh copy of a
 * profile kept by `bench/perf.ts --keep DIR` (or into an empty one), each run in its own process;
 * with `--baseline ROOT` (another worktree, e.g. of main) runs alternate between the two trees, so
 * both see the same machine load. `--pages` also counts the SQLite log pages each run wrote, by table,
 * and the statements it ran (timings then include the counting).
 *   npx tsx bench/ingest-kept.ts --keep DIR [--size 100k] [--empty] [--messages 1000] [--runs 3]
 *     [--seed 7] [--baseline ROOT] [--pages] [--cpu-prof FILE] [--statement-times] [--unwaited]
 * `--unwaited` ingests without `wait` (bench/perf.ts's acknowledged row): the calls' rate, and the rate until the worker drained.
 * `--statement-times` lists the SQL texts this tree's runs spent most time in (timings then include it).
 * `--cpu-prof FILE` saves a CPU profile of this tree's last run's ingest calls (main thread; `node --cpu-prof` would
 * include the setup and the tsx loader).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { sizeDir } from '../src/bench/perf/run-size.js';
import type { StatementTime } from '../src/bench/ingest-kept/statement-times.js';
import type { WalPages } from '../src/bench/ingest-kept/wal-pages.js';

const usage = 'npx tsx bench/ingest-kept.ts --keep DIR [--size 100k] [--empty] [--messages 1000] [--runs 3] [--seed 7] [--baseline ROOT] [--pages] [--cpu-prof FILE] [--statement-times] [--unwaited]';
const args = benchArgs('bench/ingest-kept', usage, {
  keep: { type: 'string' },
  size: { type: 'string', default: '100k' },
  empty: { type: 'boolean', default: false },
  messages: { type: 'string', default: '1000' },
  runs: { type: 'string', default: '3' },
  seed: { type: 'string', default: '7' },
  baseline: { type: 'string' },
  pages: { type: 'boolean', default: false },
  'cpu-prof': { type: 'string' },
  'statement-times': { type: 'boolean', default: false },
  unwaited: { type: 'boolean', default: false },
});
const { values, fail } = args;
const [messages, runs, seed] = [args.whole('messages', 1), args.whole('runs', 1), args.whole('seed')];
let source = 'empty';
if (!values.empty) {
  if (!values.keep) fail('--keep DIR is required (the directory a `bench/perf.ts --keep DIR` run built), or --empty');
  source = sizeDir(values.keep!, args.sizes('size')[0]!);
  if (!existsSync(path.join(source, 'profiles', 'perf.db'))) fail(`${source} holds no kept profile: build it with \`npx tsx bench/perf.ts --sizes ${values.size} --keep ${values.keep} --no-results\``);
}
const here = path.resolve(import.meta.dirname, '..');
const baseline = values.baseline ? path.resolve(values.baseline) : undefined;
if (baseline && !existsSync(path.join(baseline, 'src', 'index.ts'))) fail(`--baseline ${baseline} is not a mnemo source tree`);

interface Run { seconds: number; ackSeconds?: number; cpuMs: number; mainCpuMs: number | null; memories: number; hash: string; log?: WalPages; statements?: number; times?: StatementTime[] }
const tsx = path.join(here, 'node_modules', '.bin', 'tsx');
const child = path.join(here, 'src', 'bench', 'ingest-kept', 'child.ts');
const cpuProfile = values['cpu-prof'] ? path.resolve(values['cpu-prof']) : '';
const once = (root: string): Run => JSON.parse(execFileSync(tsx, [child, root, source, String(messages), String(seed), '100', values.pages ? 'pages' : '', root === here ? cpuProfile : '', root === here && values['statement-times'] ? 'times' : '', values.unwaited ? 'unwaited' : ''],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 }).trim().split('\n').pop()!);

const trees = baseline ? [['baseline', baseline], ['this tree', here]] : [['this tree', here]];
const results = new Map<string, Run[]>(trees.map(([name]) => [name!, []]));
process.stdout.write(`${messages} messages into ${source === 'empty' ? 'an empty profile' : `a copy of ${source}`}, ${runs} run(s) each\n`);
for (let i = 0; i < runs; i++) {
  for (const [name, root] of trees) {
    const r = once(root!);
    results.get(name!)!.push(r);
    process.stdout.write(`  ${name}: ${r.ackSeconds ? `acknowledged ${(messages / r.ackSeconds).toFixed(0)} msg/s, searchable ` : ''}${(messages / r.seconds).toFixed(0)} msg/s, ${r.seconds.toFixed(2)} s, CPU ${r.cpuMs.toFixed(0)} ms (main thread ${r.mainCpuMs ?? '?'}), ${r.memories} memories (${r.hash})${r.log ? `, ${r.log.frames} log pages, ${r.statements} statements` : ''}, load ${loadavg()[0].toFixed(1)}\n`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, list] of results) {
  const acks = list.map((r) => r.ackSeconds).filter((s): s is number => s !== undefined);
  process.stdout.write(`${name}: median ${acks.length ? `acknowledged ${(messages / median(acks)).toFixed(0)} msg/s, searchable ` : ''}${(messages / median(list.map((r) => r.seconds))).toFixed(0)} msg/s, CPU ${median(list.map((r) => r.cpuMs)).toFixed(0)} ms, main thread ${median(list.map((r) => r.mainCpuMs ?? NaN)).toFixed(0)} ms\n`);
  const log = list[list.length - 1]!.log;
  if (log) {
    process.stdout.write(`  log pages ${log.frames} (${log.distinct} distinct, ${log.commits} commits); per table:\n`);
    for (const o of log.byOwner.slice(0, 12)) process.stdout.write(`    ${String(o.frames).padStart(6)} ${o.name} (${o.distinct} distinct)\n`);
  }
}
const times = results.get('this tree')!.at(-1)!.times;
if (times) {
  process.stdout.write('  statements by time (this tree, last run):\n');
  for (const t of times.slice(0, 25)) process.stdout.write(`    ${t.ms.toFixed(1).padStart(8)} ms ${String(t.calls).padStart(6)}x  ${t.sql.slice(0, 150)}\n`);
}
if (new Set([...results.values()].flatMap((list) => list.map((r) => r.hash))).size > 1) process.stdout.write('note: the trees extracted different memories\n');

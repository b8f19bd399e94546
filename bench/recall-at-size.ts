/**
 * Warm recall p50/p99 on a copy of a profile kept by the perf bench (`bench/perf.ts --keep DIR`),
 * without rebuilding it, with the plain FTS5 BM25 baseline in the same run; with `--baseline`,
 * another tree's engine (its src/mnemo.ts, e.g. a worktree of main) alternates question by question.
 *   npx tsx bench/recall-at-size.ts --keep DIR [--size 100k] [--runs 100] [--seed 42] [--baseline TREE/src/mnemo.ts]
 * Each engine is warmed as `mnemo serve` warms a profile (`profile.warm()`: indexes and a warm-up recall)
 * before one more untimed question. `--runs` is the number of questions. `--cpu-prof FILE` saves a CPU profile of the timed questions
 * and prints its top functions. `--in-place` skips the copy and recalls on the --keep
 * directory itself (access logs accumulate there): for a copy of your own, reused across runs.
 * `--tiers all` recalls past the tier gate (a kept profile is tiered by its server's worker; a
 * freshly built one, as `bench:perf` measures, has nothing cold yet). `--no-fts` skips the FTS5 baseline.
 */
import os, { loadavg } from 'node:os';
import path from 'node:path';
import { fixed } from '../src/bench/markdown.js';
import { keptProfileArgs } from '../src/bench/perf/kept-profile-args.js';
import type { LatencySummary } from '../src/bench/perf/latency.js';
import { measureRecallAtSize } from '../src/bench/perf/recall-at-size.js';
import { repoRoot } from '../src/bench/paths.js';
import { resolveEmbedder } from '../src/models/embedders/resolve.js';

const argv = process.argv.slice(2);
const inPlace = argv.includes('--in-place');
const noFts = argv.includes('--no-fts');
const prof = argv.indexOf('--cpu-prof');
const cpuProfile = prof >= 0 ? argv[prof + 1] : undefined;
const tiersAt = argv.indexOf('--tiers');
const tiers = (tiersAt >= 0 ? argv[tiersAt + 1] : 'auto') as 'auto' | 'all';
const rest = argv.filter((a, i) => a !== '--in-place' && a !== '--no-fts' && (prof < 0 || (i !== prof && i !== prof + 1)) && (tiersAt < 0 || (i !== tiersAt && i !== tiersAt + 1)));
const { size, dataDir, runs, seed, baseline, fail } = keptProfileArgs('bench/recall-at-size', rest, 100);
if (tiers !== 'auto' && tiers !== 'all') fail(`--tiers must be auto or all; got ${JSON.stringify(tiers)}`);
if (prof >= 0 && (!cpuProfile || cpuProfile.startsWith('--'))) fail('--cpu-prof needs a file name');
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const embedder = await resolveEmbedder({ kind: 'glove' }, { cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
const roots = [repoRoot(), ...(baseline ? [path.resolve(path.dirname(baseline), '..')] : [])];
process.stdout.write(`profile: ${dataDir}${inPlace ? ' (in place)' : ''} (${runs} questions, seed ${seed}, tiers ${tiers})\nload average before: ${load()}\n`);
const result = await measureRecallAtSize({ keptDir: dataDir, inPlace, cpuProfile, size, seed, queries: runs, embedder, roots, tiers, ftsBaseline: !noFts });
const lat = (l: LatencySummary) => `p50 ${fixed(l.p50, 1)} / p95 ${fixed(l.p95, 1)} / p99 ${fixed(l.p99, 1)} ms`;
for (const e of result.engines) {
  const stages = Object.entries(e.stages).map(([k, v]) => `${k} ${fixed(v, 1)}`).join(', ');
  process.stdout.write(`${e.root}: recall ${lat(e.recall)}, hit rate ${fixed(e.hitRate, 3)}, warm-up ${fixed(e.warmMs, 0)} ms\n  stage means (ms): ${stages}\n`);
}
if (!noFts) process.stdout.write(`FTS5 BM25 baseline (searchMemories, limit 50): ${lat(result.ftsBaseline)}\n`);
if (result.sameTop10 !== null) {
  const [mine, base] = result.engines.map((e) => e.recall);
  process.stdout.write(`this/baseline: p50 ${fixed(mine.p50 / base.p50, 2)}×, p99 ${fixed(mine.p99 / base.p99, 2)}×; same top 10 on ${fixed(result.sameTop10 * 100, 1)} %, same ranked memories, messages and answer on ${fixed(result.sameRanked! * 100, 1)} % of questions\n`);
}
for (const f of result.cpu?.byFunction ?? []) process.stdout.write(`  cpu ${fixed(f.selfMs, 0)} ms ${fixed(f.share * 100, 1)} % ${f.name}\n`);
process.stdout.write(`load average after: ${load()}\n`);

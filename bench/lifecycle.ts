/**
 * Lifecycle benchmark: a synthetic profile of `--size` memories over two years (Zipf over topics,
 * accesses by popularity and recency), recalled with and without tiers. Prints, for both, recall
 * p50/p99, the share of questions that escalated past the hot tier, and recall@10 of the gold memory.
 *   npx tsx bench/lifecycle.ts [--size 1m] [--queries 300] [--keep DIR]
 * Vectors are off (full text, topic keys and the archive index only) so 1M builds in minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import type { ProfileApi, RecallResult } from '../src/api.js';
import { createProgress } from '../src/bench/progress.js';
import { type LatencySummary, latencySummary } from '../src/bench/metrics.js';
import { meanTimings } from '../src/bench/perf/latency.js';
import { openMemory } from '../src/mnemo.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';
import { lifecycleData, lifecycleQuestions, memoryAt, type LifecycleQuestion } from './lifecycle-data.js';

const args = benchArgs('bench/lifecycle', 'npx tsx bench/lifecycle.ts [--size 1m] [--queries 300] [--keep DIR]', {
  size: { type: 'string', default: '1m' }, queries: { type: 'string', default: '300' }, keep: { type: 'string' },
});
const { values } = args;
const [size] = args.sizes('size');
const queries = args.whole('queries', 1);
const dataDir = values.keep ?? mkdtempSync(path.join(tmpdir(), 'mnemo-lifecycle-'));
const PROFILE = 'lifecycle';
const log = (line: string) => process.stderr.write(`${line}\n`);

const data = lifecycleData(size);
const provider = createSqliteProvider({ dataDir });
const started = performance.now();
{
  const store = await provider.open(PROFILE);
  const bar = createProgress(Math.ceil(size / 5000));
  for (let i = 0; i < size; i += 5000) {
    const batch = [];
    for (let j = i; j < Math.min(size, i + 5000); j++) batch.push(memoryAt(data, j).memory);
    await store.writeMemories(batch, { actor: 'bench' });
    bar.tick(`${Math.min(size, i + 5000).toLocaleString('en')} memories`);
  }
  bar.stop();
}
log(`built ${size.toLocaleString('en')} memories in ${((performance.now() - started) / 1000).toFixed(1)} s (${data.topics.length.toLocaleString('en')} topics)`);

const mem = openMemory({ store: provider, embedder: false, worker: { background: false } });
const profile = mem.profile(PROFILE);
// A generated memory identical to an earlier active one is not written (the store keeps one), so
// questions whose gold memory was folded into a twin are left out.
const asked = lifecycleQuestions(data, size, queries);
const store = await provider.open(PROFILE);
const present = new Set((await store.getMemories(asked.map((q) => q.goldId))).map((m) => m.id));
const questions = asked.filter((q) => present.has(q.goldId));
await profile.warm();

interface RunResult {
  latency: LatencySummary;
  stages: Record<string, number>;
  recallAt10: number;
  escalated: number;
  coldGold: number;
}

async function run(label: string, tiers: 'auto' | 'all', qs: LifecycleQuestion[]): Promise<RunResult> {
  const samples: number[] = [];
  let found = 0;
  let escalated = 0;
  const timings: Record<string, number>[] = [];
  const bar = createProgress(qs.length);
  for (const q of qs) {
    const t = performance.now();
    const r: RecallResult = await profile.recall(q.query, { limit: 10, tiers, referenceDate: new Date(data.now).toISOString() });
    samples.push(performance.now() - t);
    timings.push(r.timings);
    if (r.memories.some((m) => m.id === q.goldId)) found++;
    if (tiers === 'auto' && r.reading.tiers?.searched.includes('cold')) escalated++;
    bar.tick(label);
  }
  bar.stop();
  return { latency: latencySummary(samples), stages: meanTimings(timings), recallAt10: (100 * found) / qs.length, escalated: (100 * escalated) / qs.length, coldGold: 0 };
}

/** Warm-up pass so both measured runs start from loaded indexes and caches. */
for (const q of questions.slice(0, 20)) await profile.recall(q.query, { limit: 10, tiers: 'all' });
const without = await run('without tiers', 'all', questions);
log(`without tiers: p50 ${without.latency.p50.toFixed(1)} ms, p99 ${without.latency.p99.toFixed(1)} ms, recall@10 ${without.recallAt10.toFixed(1)}`);
await (profile as ProfileApi).drain();

const tierStart = performance.now();
const tiering = await profile.tier();
const tierSeconds = (performance.now() - tierStart) / 1000;
log(`tiering: ${tiering.cold} cold, ${tiering.archiveEntries} archive entries, ${tierSeconds.toFixed(1)} s`);
const goldTiers = (await store.getMemories(questions.map((q) => q.goldId))).map((m) => m.tier);
const coldGold = (100 * goldTiers.filter((t) => t === 'cold').length) / questions.length;
for (const q of questions.slice(0, 20)) await profile.recall(q.query, { limit: 10 });
const withTiers = await run('with tiers', 'auto', questions);

const row = (name: string, r: RunResult, escalation: string) =>
  `| ${name.padEnd(14)} | ${r.latency.p50.toFixed(1).padStart(8)} | ${r.latency.p99.toFixed(1).padStart(8)} | ${escalation.padStart(9)} | ${r.recallAt10.toFixed(1).padStart(9)} |`;
console.log(`\nmnemo lifecycle benchmark: ${size.toLocaleString('en')} memories, ${data.topics.length.toLocaleString('en')} topics (Zipf), two years, ${questions.length} questions, no vectors`);
console.log(`tiering: ${tiering.cold.toLocaleString('en')} of ${tiering.scanned.toLocaleString('en')} active memories cold (${((100 * tiering.cold) / Math.max(1, tiering.scanned)).toFixed(1)} %), ` +
  `${tiering.archiveEntries.toLocaleString('en')} archive entries, in ${tierSeconds.toFixed(1)} s; gold memory cold for ${coldGold.toFixed(1)} % of questions`);
console.log(`\n| run            | p50 (ms) | p99 (ms) | escalated | recall@10 |`);
console.log(`|----------------|----------|----------|-----------|-----------|`);
console.log(row('without tiers', without, '–'));
console.log(row('with tiers', withTiers, `${withTiers.escalated.toFixed(1)} %`));
const stages = (r: RunResult) => Object.entries(r.stages).filter(([k]) => k !== 'total').map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
console.log(`\nmean ms per stage without tiers: ${stages(without)}`);
console.log(`mean ms per stage with tiers:    ${stages(withTiers)}`);
const drop = without.recallAt10 - withTiers.recallAt10;
console.log(`\nrecall@10 change with tiers: ${(-drop).toFixed(1)} points (limit: −1.0) ${drop <= 1 ? 'OK' : 'FAILED'}`);

await mem.close();
if (!values.keep) rmSync(dataDir, { recursive: true, force: true });

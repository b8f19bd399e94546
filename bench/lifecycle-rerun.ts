/**
 * The lifecycle benchmark's questions again on a profile `bench/lifecycle.ts --keep DIR` built and
 * tiered, without rebuilding it: tiers 'all' and 'auto' alternate question by question (which goes
 * first alternating too), so both see the same machine load. With `--baseline TREE/src/mnemo.ts`
 * another tree's engine runs the tiered questions too. `--cpu-prof FILE` profiles the timed part.
 *   npx tsx bench/lifecycle-rerun.ts --keep DIR [--size 100k] [--queries 300] [--baseline TREE/src/mnemo.ts] [--cpu-prof FILE] [--in-place]
 * Recalls log accesses, and the next open folds them (rehydrating the cold memories recalled):
 * the run works on a copy of DIR, whose access log (the build run's recalls) is dropped first so
 * its tiers are those tiering left, unless `--in-place`.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { benchArgs } from '../src/bench/bench-args.js';
import { FOLD_JOB } from '../src/jobs/kinds.js';
import type { ProfileApi, RecallResult } from '../src/api.js';
import { latencySummary } from '../src/bench/metrics.js';
import { meanTimings } from '../src/bench/perf/latency.js';
import { profileCpu } from '../src/bench/perf/cpu-profile.js';
import { lifecycleData, lifecycleQuestions } from './lifecycle-data.js';

const args = benchArgs('bench/lifecycle-rerun', 'npx tsx bench/lifecycle-rerun.ts --keep DIR [--size 100k] [--queries 300] [--baseline TREE/src/mnemo.ts] [--cpu-prof FILE] [--in-place]', {
  size: { type: 'string', default: '100k' }, queries: { type: 'string', default: '300' }, keep: { type: 'string' },
  baseline: { type: 'string' }, 'cpu-prof': { type: 'string' }, 'in-place': { type: 'boolean', default: false },
});
const { values } = args;
const [size] = args.sizes('size');
const queries = args.whole('queries', 1);
if (!values.keep) args.fail('--keep DIR is required (a directory bench/lifecycle.ts --keep built)');
const dataDir = values['in-place'] ? values.keep! : mkdtempSync(path.join(path.dirname(path.resolve(values.keep!)), 'lifecycle-rerun-'));
if (dataDir !== values.keep) {
  cpSync(values.keep!, dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'profiles', 'lifecycle.db'));
  db.prepare(`DELETE FROM access_log`).run();
  db.prepare(`DELETE FROM jobs WHERE kind = ? AND status = 'pending'`).run(FOLD_JOB);
  db.close();
}
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const data = lifecycleData(size);
const referenceDate = new Date(data.now).toISOString();

async function engine(mnemo: string): Promise<{ profile: ProfileApi; close: () => Promise<void> }> {
  const root = path.resolve(path.dirname(mnemo), '..');
  const imp = (f: string) => import(pathToFileURL(path.join(root, 'src', f)).href);
  const [{ openMemory }, { createSqliteProvider }] = await Promise.all([imp('mnemo.ts'), imp('store/sqlite/provider.ts')]);
  const mem = openMemory({ store: createSqliteProvider({ dataDir }), embedder: false, worker: { background: false }, recallCacheMs: 0, onWarning: () => {} });
  const profile = mem.profile('lifecycle') as ProfileApi;
  await profile.warm();
  return { profile, close: () => mem.close() };
}

const runs = [{ name: 'this, tiers all', mnemo: 'src/mnemo.ts', tiers: 'all' as const }, { name: 'this, tiers auto', mnemo: 'src/mnemo.ts', tiers: 'auto' as const }];
if (values.baseline) runs.push({ name: 'baseline, tiers auto', mnemo: values.baseline, tiers: 'auto' });
const engines = new Map<string, Awaited<ReturnType<typeof engine>>>();
for (const r of runs) if (!engines.has(r.mnemo)) engines.set(r.mnemo, await engine(path.resolve(r.mnemo)));
const questions = lifecycleQuestions(data, size, queries);
const { createSqliteProvider } = await import('../src/store/sqlite/provider.js');
const peek = createSqliteProvider({ dataDir });
const goldTiers = (await (await peek.open('lifecycle')).getMemories(questions.map((q) => q.goldId))).map((m) => m.tier);
await peek.close();
const coldGold = (100 * goldTiers.filter((t) => t === 'cold').length) / questions.length;
const stats = runs.map(() => ({ ms: [] as number[], timings: [] as Record<string, number>[], found: 0, escalated: 0, top: [] as string[] }));
const ask = async (q: (typeof questions)[number], k: number) => {
  const r = runs[k];
  const t = performance.now();
  const res: RecallResult = await engines.get(r.mnemo)!.profile.recall(q.query, { limit: 10, tiers: r.tiers, referenceDate });
  stats[k].ms.push(performance.now() - t);
  stats[k].timings.push(res.timings);
  stats[k].top.push(res.memories.map((m) => m.id).join(' '));
  if (res.memories.some((m) => m.id === q.goldId)) stats[k].found++;
  // Tiered, a recall searches cold memories only when it escalated (old and new gates alike).
  if (r.tiers === 'auto' && res.reading.tiers?.searched.includes('cold')) stats[k].escalated++;
};
for (const q of questions.slice(0, 20)) for (let k = 0; k < runs.length; k++) await ask(q, k);
for (const s of stats) Object.assign(s, { ms: [], timings: [], found: 0, escalated: 0, top: [] });
console.log(`${values.keep}: ${questions.length} questions, gold memory cold for ${coldGold.toFixed(1)} %, load average before ${load()}`);
const all = async () => {
  for (const [i, q] of questions.entries()) for (let j = 0; j < runs.length; j++) await ask(q, i % 2 === 0 ? j : runs.length - 1 - j);
};
const cpu = values['cpu-prof'] ? await profileCpu(all, values['cpu-prof'], 30) : (await all(), undefined);
for (const [k, r] of runs.entries()) {
  const l = latencySummary(stats[k].ms);
  const stages = Object.entries(meanTimings(stats[k].timings)).map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', ');
  console.log(`${r.name.padEnd(22)} p50 ${l.p50.toFixed(1)} / p99 ${l.p99.toFixed(1)} ms, mean ${l.mean.toFixed(1)}, recall@10 ${((100 * stats[k].found) / questions.length).toFixed(1)}, escalated ${((100 * stats[k].escalated) / questions.length).toFixed(1)} %\n  ${stages}`);
}
for (let k = 1; k < runs.length; k++) {
  const same = stats[k].top.filter((t, i) => t === stats[0].top[i]).length;
  console.log(`same top 10 as tiers all: ${runs[k].name} ${((100 * same) / questions.length).toFixed(1)} %`);
}
if (values.baseline) {
  const same = stats[1].top.filter((t, i) => t === stats[2].top[i]).length;
  console.log(`same top 10, this vs baseline (tiers auto): ${((100 * same) / questions.length).toFixed(1)} %`);
}
for (const f of cpu?.byFunction ?? []) console.log(`  cpu ${f.selfMs.toFixed(0)} ms ${(f.share * 100).toFixed(1)} % ${f.name}`);
console.log(`load average after: ${load()}`);
for (const e of engines.values()) await e.close();
if (dataDir !== values.keep) rmSync(dataDir, { recursive: true, force: true });

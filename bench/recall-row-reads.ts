/**
 * Rows a warm recall reads, per store call site: `npx tsx bench/recall-row-reads.ts --keep DIR [--size 100k] [--runs 100] [--seed 42]`.
 * On a copy of a profile kept by `bench/perf.ts --keep DIR`, asks the recall-at-size questions and counts, per
 * call site, the memory and message rows each store read returned, how many of them the same recall had
 * already read, and how many were `messagesAround`'s anchors themselves. For issue #17: where full row reads
 * go, and which of them repeat.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keptProfileArgs } from '../src/bench/perf/kept-profile-args.js';
import { recallQuestions } from '../src/bench/perf/questions.js';
import { PERF_PROFILE } from '../src/bench/perf/run-size.js';
import { openMemory } from '../src/mnemo.js';
import { resolveEmbedder } from '../src/models/embedders/resolve.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.js';

const { size, dataDir, runs, seed, baseline, fail } = keptProfileArgs('bench/recall-row-reads', process.argv.slice(2), 100);
if (baseline) fail('--baseline is not taken here: run this bench in each tree');

/** The row ids each counted store call returned ('g' a message, 'M' a memory). */
const rowIds: Record<string, (out: any) => string[]> = {
  getMessages: (o) => o.map((m: { id: string }) => `g:${m.id}`),
  searchMessages: (o) => o.map((s: { item: { id: string } }) => `g:${s.item.id}`),
  messagesAround: (o) => o.flat().map((m: { id: string }) => `g:${m.id}`),
  getMemories: (o) => o.map((m: { id: string }) => `M:${m.id}`),
  searchMemories: (o) => o.map((s: { item: { id: string } }) => `M:${s.item.id}`),
};
let seen = new Set<string>();
const sites = new Map<string, { rows: number; again: number; anchors: number }>();
const proto = SqliteStore.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
for (const [name, ids] of Object.entries(rowIds)) {
  const original = proto[name]!;
  proto[name] = async function (this: unknown, ...args: unknown[]) {
    const out = await original.apply(this, args);
    const caller = (new Error().stack!.split('\n')[2] ?? '').replace(/.*\/src\//, '').replace(/:\d+\)?$/, '').trim();
    const site = sites.get(`${name} ${caller}`) ?? { rows: 0, again: 0, anchors: 0 };
    sites.set(`${name} ${caller}`, site);
    const anchors = name === 'messagesAround' ? new Set((args[0] as string[]).map((id) => `g:${id}`)) : undefined;
    for (const id of ids(out)) {
      site.rows++;
      if (anchors?.has(id)) site.anchors++;
      if (seen.has(id)) site.again++;
      seen.add(id);
    }
    return out;
  };
}

const copy = mkdtempSync(path.join(os.tmpdir(), 'mnemo-row-reads-'));
try {
  cpSync(dataDir, copy, { recursive: true });
  const embedder = await resolveEmbedder({ kind: 'glove' }, { cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
  const mem = openMemory({ store: createSqliteProvider({ dataDir: copy }), embedder, worker: { background: false }, recallCacheMs: 0, onWarning: () => {} });
  const profile = mem.profile(PERF_PROFILE);
  await profile.warm();
  const questions = recallQuestions(seed, size, runs);
  await profile.recall(questions[0]!.query, { synthesize: true, limit: 10, tiers: 'auto' });
  sites.clear();
  for (const q of questions) {
    seen = new Set();
    await profile.recall(q.query, { synthesize: true, limit: 10, tiers: 'auto' });
  }
  await mem.close();
  const per = (n: number) => (n / questions.length).toFixed(1).padStart(6);
  process.stdout.write(`${questions.length} warm recalls at ${size}: rows read per recall; of them read before in the same recall; anchors\n`);
  for (const [site, s] of [...sites].sort((a, b) => b[1].rows - a[1].rows)) {
    process.stdout.write(`${per(s.rows)} ${per(s.again)} ${per(s.anchors)}  ${site}\n`);
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}

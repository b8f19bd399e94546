/**
 * Warm recall latency on a copy of a profile kept by `bench/perf.ts --keep DIR` (recalls write
 * access logs, so the kept one stays as built): this tree's engine and, optionally, another
 * tree's, the same question on each in turn (alternating which goes first), and the plain FTS5
 * BM25 baseline of measureRecall on the same copy.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProfileApi } from '../../api.js';
import { hashId } from '../../ids.js';
import type { Embedder } from '../../models/embedder.js';
import { profilePath } from '../../store/sqlite/provider.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import { keywords } from '../../text/tokenize.js';
import { profileCpu, type CpuSummary } from './cpu-profile.js';
import { meanTimings, type LatencySummary } from './latency.js';
import { latencySummary } from '../metrics.js';
import { recallQuestions } from './questions.js';
import { PERF_PROFILE } from './run-size.js';

export interface EngineRun {
  /** The tree whose src/mnemo.ts ran. */
  root: string;
  warmMs: number;
  recall: LatencySummary;
  stages: Record<string, number>;
  /** Share of questions whose source memory came back in the top 10. */
  hitRate: number;
}

export interface RecallAtSize {
  questions: number;
  engines: EngineRun[];
  /** With two engines: share of questions on which both returned the same top-10 memory ids in the same order. */
  sameTop10: number | null;
  /** With two engines: share of questions with the same answer, memories and messages (ids, scores, channels). */
  sameRanked: number | null;
  ftsBaseline: LatencySummary;
  /** With `cpuProfile`: where the timed questions spent CPU (all engines and the baseline together). */
  cpu?: CpuSummary;
}

interface Engine {
  root: string;
  warmMs: number;
  profile: ProfileApi;
  close: () => Promise<void>;
}

/** Opens `root`'s engine (its own src/, through tsx) on the copy and waits for its indexes. */
async function openEngine(root: string, dataDir: string, embedder: Embedder): Promise<Engine> {
  const load = (file: string) => import(pathToFileURL(path.join(root, 'src', file)).href);
  const [{ openMemory }, { createSqliteProvider }] = await Promise.all([load('mnemo.ts'), load('store/sqlite/provider.ts')]);
  const provider = createSqliteProvider({ dataDir });
  const mem = openMemory({ store: provider, embedder, worker: { background: false }, recallCacheMs: 0, onWarning: () => {} });
  const t = performance.now();
  // As `mnemo serve` warms a profile before serving: its indexes and a warm-up recall (the pipeline's code compiled).
  const profile = mem.profile(PERF_PROFILE);
  await profile.warm();
  return { root, warmMs: performance.now() - t, profile, close: () => mem.close() };
}

export async function measureRecallAtSize(opts: {
  keptDir: string; inPlace?: boolean; cpuProfile?: string; size: number; seed: number; queries: number; embedder: Embedder; roots: string[];
  /** `all`: past the tier gate (see RecallParams.tiers). */
  tiers?: 'auto' | 'all';
  /** Time the plain FTS5 search too (default true). */
  ftsBaseline?: boolean;
}): Promise<RecallAtSize> {
  const copy = opts.inPlace ? opts.keptDir : mkdtempSync(path.join(os.tmpdir(), 'mnemo-recall-at-size-'));
  try {
    if (!opts.inPlace) cpSync(opts.keptDir, copy, { recursive: true });
    const engines: Engine[] = [];
    for (const root of opts.roots) engines.push(await openEngine(root, copy, opts.embedder));
    const fts = openSqliteStore(profilePath(copy, PERF_PROFILE), PERF_PROFILE, { textIndex: false });
    const questions = recallQuestions(opts.seed, opts.size, opts.queries);
    // First recalls load word vectors and caches: not timed.
    const recallOpts = { synthesize: true, limit: 10, tiers: opts.tiers ?? 'auto' } as const;
    for (const e of engines) await e.profile.recall(questions[0].query, recallOpts);
    const samples = engines.map(() => ({ ms: [] as number[], timings: [] as Record<string, number>[], hits: 0, top: [] as string[], ranked: [] as string[] }));
    const ftsMs: number[] = [];
    const ask = async (i: number) => {
      const q = questions[i];
      const source = hashId('perf', String(opts.seed), String(q.source));
      const order = engines.map((_, k) => (i % 2 === 0 ? k : engines.length - 1 - k));
      for (const k of order) {
        const t = performance.now();
        const r = await engines[k].profile.recall(q.query, recallOpts);
        samples[k].ms.push(performance.now() - t);
        samples[k].timings.push(r.timings);
        samples[k].top.push(r.memories.map((m: { id: string }) => m.id).join(' '));
        samples[k].ranked.push(rankedDigest(r));
        if (r.memories.some((m) => m.id === source)) samples[k].hits++;
      }
      if (opts.ftsBaseline === false) return;
      const t = performance.now();
      await fts.searchMemories({ terms: keywords(q.query) }, { limit: 50 });
      ftsMs.push(performance.now() - t);
    };
    const all = async () => { for (let i = 0; i < questions.length; i++) await ask(i); };
    const cpu = opts.cpuProfile ? await profileCpu(all, opts.cpuProfile, 25) : (await all(), undefined);
    await fts.close();
    for (const e of engines) await e.close();
    return {
      questions: questions.length,
      engines: engines.map((e, k) => ({
        root: e.root, warmMs: e.warmMs, recall: latencySummary(samples[k].ms), stages: meanTimings(samples[k].timings), hitRate: samples[k].hits / questions.length,
      })),
      sameTop10: engines.length === 2 ? samples[0].top.filter((t, i) => t === samples[1].top[i]).length / questions.length : null,
      sameRanked: engines.length === 2 ? samples[0].ranked.filter((t, i) => t === samples[1].ranked[i]).length / questions.length : null,
      ftsBaseline: latencySummary(ftsMs),
      cpu,
    };
  } finally {
    if (!opts.inPlace) rmSync(copy, { recursive: true, force: true });
  }
}

/** A recall's answer and ranked memories and messages (ids, scores, channels), as one string. */
function rankedDigest(r: { answer: string | null; memories: Ranked[]; messages: Ranked[] }): string {
  const line = (x: Ranked) => `${x.id} ${x.score} ${x.channels.map((c) => `${c.channel}:${c.rank}:${c.score}`).join(',')}`;
  return [r.answer ?? '', ...r.memories.map(line), '', ...r.messages.map(line)].join('\n');
}

interface Ranked { id: string; score: number; channels: { channel: string; rank: number; score: number }[] }

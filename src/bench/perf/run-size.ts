/** One profile size: build through the Store, cold start, then recall, remember, vectors and ingest. */
import { join } from 'node:path';
import { hashId } from '../../ids.js';
import type { Embedder } from '../../models/embedder.js';
import { openMemory } from '../../mnemo.js';
import { createSqliteProvider, profilePath } from '../../store/sqlite/provider.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import { buildProfile } from './build-profile.js';
import { measureCliRecall } from './cli-cold.js';
import { measureColdStart } from './cold-start.js';
import { profileCpu } from './cpu-profile.js';
import { profileDiskUsage } from './disk.js';
import { measureIngest } from './measure-ingest.js';
import { measureRecall } from './measure-recall.js';
import { measureRemember } from './measure-remember.js';
import { measureVectors } from './measure-vectors.js';
import { ingestMessages, recallQuestions } from './questions.js';
import type { RssSampler } from './sampler.js';
import type { PerfBenchOptions, SizeResult } from './types.js';
import { VectorMatrix } from './vector-matrix.js';

export const PERF_PROFILE = 'perf';

export interface SizeContext {
  dataDir: string;
  embedder: Embedder;
  seed: number;
  rss: RssSampler;
  log: (line: string) => void;
  opts: Required<Pick<PerfBenchOptions, 'queries' | 'remembers' | 'ingestMessages' | 'batchSize' | 'coldStart' | 'vectors'>> & { cpuProfile?: string };
}

export async function runSize(size: number, ctx: SizeContext): Promise<SizeResult> {
  const { dataDir, embedder, seed, log, opts } = ctx;
  ctx.rss.reset();
  const warnings: string[] = [];
  const matrix = opts.vectors ? new VectorMatrix(embedder.dimensions, Math.min(size, 1 << 20)) : null;
  const builder = createSqliteProvider({ dataDir, bulkWrites: true });
  let lastLog = 0;
  const build = await buildProfile(await builder.open(PERF_PROFILE), embedder, {
    seed, size, batchSize: opts.batchSize,
    onMemoryVector: matrix ? (id, v) => matrix.add(id, v) : undefined,
    onProgress: (done, total) => {
      if (performance.now() - lastLog < 5000 && done < total) return;
      lastLog = performance.now();
      log(`  build ${done.toLocaleString('en')}/${total.toLocaleString('en')}`);
    },
  });
  await builder.close();
  log(`  built in ${build.seconds.total.toFixed(1)} s`);

  // The first process to open a profile builds its indexes, saves the HNSW graphs beside the
  // database and indexes entity mentions, as a server that ingested it would have (the build
  // writes rows directly); cold starts are measured after that.
  let annBuildMs: number | null = null;
  const firstOpen = createSqliteProvider({
    dataDir, annSaves: 'all',
    onVectorIndexEvent: (e) => { if (e.kind === 'memory' && e.event === 'ann-built') annBuildMs = e.ms ?? null; },
  });
  const firstStarted = performance.now();
  const opened = await firstOpen.open(PERF_PROFILE);
  await opened.warm?.();
  await opened.indexEntities();
  await firstOpen.close();
  const firstWarmMs = performance.now() - firstStarted;
  log(`  first open (builds and saves the indexes) ${firstWarmMs.toFixed(0)} ms`);

  const questions = recallQuestions(seed, size, opts.queries);
  const coldStart = opts.coldStart ? await measureColdStart(dataDir, PERF_PROFILE, questions[0].query) : null;
  if (coldStart) log(`  cold start: healthz ${coldStart.healthzMs.toFixed(0)} ms, first recall ${coldStart.firstRecallMs.toFixed(0)} ms`);
  const cliRecall = opts.coldStart ? await measureCliRecall(dataDir, PERF_PROFILE, questions[0].query) : null;
  if (cliRecall) {
    const mib = (b: number | null) => ((b ?? 0) / 2 ** 20).toFixed(0);
    const base = cliRecall.unbundled ? ` (unbundled: ${cliRecall.unbundled.wallMs.toFixed(0)} ms, ${mib(cliRecall.unbundled.peakRssBytes)} MB)` : '';
    log(`  cold CLI recall: ${cliRecall.wallMs.toFixed(0)} ms, peak RSS ${mib(cliRecall.peakRssBytes)} MB${base}`);
  }

  const provider = createSqliteProvider({ dataDir });
  // Recall latency of the engine itself: no reuse of an earlier result.
  const mem = openMemory({ store: provider, embedder, worker: { background: false }, recallCacheMs: 0, onWarning: (m) => warnings.push(m) });
  const profile = mem.profile(PERF_PROFILE);
  const store = await provider.open(PERF_PROFILE);
  const warmStarted = performance.now();
  await store.warm?.();
  const warmMs = performance.now() - warmStarted;
  log(`  warm-up (text indexes loaded, saved HNSW graphs viewed) ${warmMs.toFixed(0)} ms`);
  const ftsStore = openSqliteStore(profilePath(dataDir, PERF_PROFILE), PERF_PROFILE, { textIndex: false });
  const [activeMemories, memoryVectors, messageVectors] = await Promise.all([
    store.countMemories({ status: 'active' }), store.countVectors('memory'), store.countVectors('message'),
  ]);
  const recall = await measureRecall(profile, ftsStore, questions, (q) => hashId('perf', String(seed), String(q.source)));
  log(`  recall p50 ${recall.recall.p50.toFixed(1)} ms (fts baseline ${recall.ftsBaseline.p50.toFixed(2)} ms)`);
  const recallCpu = opts.cpuProfile
    ? await profileCpu(async () => { for (const q of questions) await profile.recall(q.query, { synthesize: true, limit: 10 }); }, `${opts.cpuProfile}-${size}.cpuprofile`)
    : undefined;
  const remember = await measureRemember(profile, store, seed, opts.remembers);
  log(`  remember p50 ${remember.remember.p50.toFixed(1)} ms`);
  await profile.drain();
  const messages = ingestMessages(seed, opts.ingestMessages);
  const unwaited = ingestMessages(seed + 1, opts.ingestMessages);
  const ingest = {
    profile: await measureIngest(profile, messages, unwaited),
    empty: await measureIngest(mem.profile(`${PERF_PROFILE}-empty`), messages, unwaited),
  };
  const acked = (m: typeof ingest.profile) => `${m.acknowledged!.ackPerSecond.toFixed(0)} acknowledged, ${m.acknowledged!.searchablePerSecond.toFixed(0)} searchable`;
  log(`  ingest ${ingest.profile.messagesPerSecond.toFixed(0)} msg/s waited (${acked(ingest.profile)}); empty profile ${ingest.empty.messagesPerSecond.toFixed(0)} (${acked(ingest.empty)})`);
  const peakRssBytes = ctx.rss.peak();

  let vectors = null;
  if (matrix) {
    const queryVectors = await embedder.embed(questions.map((q) => q.query));
    vectors = await measureVectors(matrix, queryVectors, store, annBuildMs);
    log(`  vectors: exact p50 ${vectors.exact.p50.toFixed(2)} ms, hnsw p50 ${vectors.hnsw.p50.toFixed(2)} ms, recall@10 ${vectors.hnswRecallAt10.toFixed(3)}`);
  }
  await ftsStore.close();
  await mem.close();
  const disk = profileDiskUsage(profilePath(dataDir, PERF_PROFILE));
  return {
    size, build, firstWarmMs, warmMs, activeMemories, memoryVectors, messageVectors, recall, remember, ingest, disk, peakRssBytes, coldStart, cliRecall, vectors, recallCpu,
    warnings: [...new Set(warnings)],
  };
}

export const sizeDir = (root: string, size: number): string => join(root, `perf-${size}`);

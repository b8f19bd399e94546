/** `runPerfBench`: builds each profile size in turn and measures it; see bench/perf.ts. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { embedderKey } from '../../ingest/embed-job.js';
import { resolveEmbedder } from '../../models/embedders/resolve.js';
import { runSize, sizeDir } from './run-size.js';
import { startRssSampler } from './sampler.js';
import { machineFacts } from './machine.js';
import { checkTargets } from './targets.js';
import type { PerfBenchOptions, PerfResult, SizeResult } from './types.js';

export const DEFAULT_SIZES = [10_000, 100_000];

export async function runPerfBench(options: PerfBenchOptions = {}): Promise<PerfResult> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const seed = options.seed ?? 42;
  const embedder = await resolveEmbedder(options.embedder, {
    cacheDir: options.modelsDir ?? join(os.homedir(), '.cache', 'mnemo', 'models'),
    onWarning: log,
  });
  const root = options.workDir ?? mkdtempSync(join(os.tmpdir(), 'mnemo-perf-'));
  const rss = startRssSampler();
  const sizes: SizeResult[] = [];
  try {
    for (const size of options.sizes ?? DEFAULT_SIZES) {
      log(`perf: ${size.toLocaleString('en')} memories`);
      sizes.push(await runSize(size, {
        dataDir: sizeDir(root, size), embedder, seed, rss, log,
        opts: {
          queries: options.queries ?? 300,
          remembers: options.remembers ?? 300,
          ingestMessages: options.ingestMessages ?? 1000,
          batchSize: options.batchSize ?? 10_000,
          coldStart: options.coldStart ?? true,
          vectors: options.vectors ?? true,
          cpuProfile: options.cpuProfile,
        },
      }));
      if (!options.keep) rmSync(sizeDir(root, size), { recursive: true, force: true });
    }
  } finally {
    rss.stop();
    if (!options.keep && !options.workDir) rmSync(root, { recursive: true, force: true });
  }
  return {
    startedAt: new Date().toISOString(),
    totalSeconds: (performance.now() - started) / 1000,
    seed,
    embedder: embedderKey(embedder),
    machine: machineFacts(),
    sizes,
    targets: checkTargets(sizes),
  };
}

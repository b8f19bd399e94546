/**
 * Cold `mnemo recall` as an agent runs it once per session: a fresh process on an existing data
 * directory, timed from spawn to exit, with its peak RSS. The installed binary is the bundle
 * (dist/bin/mnemo.cjs); tsc's unbundled entry (dist/cli/main.js) is timed in the same run, in
 * alternation, as the baseline. Null when the CLI is not built.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../paths.js';

export interface ColdRun {
  /** Median of the runs (the first also warms the OS file cache, as an agent's machine would be). */
  wallMs: number;
  peakRssBytes: number | null;
  /** Median CPU time (user + system) of the process: steadier than wall time on a busy machine. */
  cpuMs?: number;
}

export interface CliColdRecall extends ColdRun {
  runs: number;
  /** The same command through tsc's unbundled dist/cli/main.js (or the given baseline); absent when only the bundle exists. */
  unbundled?: ColdRun;
}

export const bundledCli = (): string => join(repoRoot(), 'dist', 'bin', 'mnemo.cjs');
const unbundledCli = (): string => join(repoRoot(), 'dist', 'cli', 'main.js');

interface Sample {
  wallMs: number;
  peakKb: number | null;
  cpuMs: number | null;
}

function runOnce(cli: string, probe: string, args: string[], modelsDir?: string): Promise<Sample> {
  const started = performance.now();
  return new Promise<Sample>((resolve, reject) => {
    const env = { ...process.env, MNEMO_LOG: 'off', ...(modelsDir ? { MNEMO_MODELS_DIR: modelsDir } : {}) };
    const child = spawn(process.execPath, ['--require', probe, cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env });
    let err = '';
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`mnemo recall exited with ${code}: ${err.slice(-500)}`));
      const kb = /mnemo-peak-rss-kb (\d+)/.exec(err);
      const cpu = /mnemo-cpu-ms (\d+)/.exec(err);
      resolve({ wallMs: performance.now() - started, peakKb: kb ? Number(kb[1]) : null, cpuMs: cpu ? Number(cpu[1]) : null });
    });
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function summarize(samples: Sample[]): ColdRun {
  const peaks = samples.flatMap((s) => (s.peakKb === null ? [] : [s.peakKb]));
  const cpus = samples.flatMap((s) => (s.cpuMs === null ? [] : [s.cpuMs]));
  return {
    wallMs: median(samples.map((s) => s.wallMs)),
    peakRssBytes: peaks.length ? Math.max(...peaks) * 1024 : null,
    ...(cpus.length ? { cpuMs: median(cpus) } : {}),
  };
}

/** Median of `runs` (7: three swung by ±50 ms at load 2 on 2 cores). `baseline`: another build's CLI entry to time instead of tsc's unbundled one (an A/B against an older tree). */
export async function measureCliRecall(dataDir: string, profile: string, query: string, modelsDir?: string, runs = 7, baselineCli?: string): Promise<CliColdRecall | null> {
  const cli = bundledCli();
  const probe = join(repoRoot(), 'dist', 'bench', 'perf', 'exit-rss.cjs');
  if (!existsSync(cli) || !existsSync(probe)) return null;
  const baseline = baselineCli ?? (existsSync(unbundledCli()) ? unbundledCli() : null);
  const args = ['recall', query, '--data-dir', dataDir, '--profile', profile];
  const bundled: Sample[] = [];
  const unbundled: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    bundled.push(await runOnce(cli, probe, args, modelsDir));
    if (baseline) unbundled.push(await runOnce(baseline, probe, args, modelsDir));
  }
  return { ...summarize(bundled), runs, ...(baseline ? { unbundled: summarize(unbundled) } : {}) };
}

/**
 * Cold `mnemo recall` as an agent runs it once per session: a fresh process on an existing data
 * directory, timed from spawn to exit, with its peak RSS. Null when the CLI is not built.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../paths.js';

export interface CliColdRecall {
  /** Median of the runs (the first also warms the OS file cache, as an agent's machine would be). */
  wallMs: number;
  peakRssBytes: number | null;
  runs: number;
}

export async function measureCliRecall(dataDir: string, profile: string, query: string, modelsDir?: string, runs = 3): Promise<CliColdRecall | null> {
  const dist = join(repoRoot(), 'dist');
  const cli = join(dist, 'cli', 'main.js');
  const probe = join(dist, 'bench', 'perf', 'exit-rss.js');
  if (!existsSync(cli) || !existsSync(probe)) return null;
  const walls: number[] = [];
  let peak: number | null = null;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const stderr = await new Promise<string>((resolve, reject) => {
      const env = { ...process.env, MNEMO_LOG: 'off', ...(modelsDir ? { MNEMO_MODELS_DIR: modelsDir } : {}) };
      const child = spawn(process.execPath, ['--import', pathToFileURL(probe).href, cli, 'recall', query, '--data-dir', dataDir, '--profile', profile],
        { stdio: ['ignore', 'ignore', 'pipe'], env });
      let err = '';
      child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(err) : reject(new Error(`mnemo recall exited with ${code}: ${err.slice(-500)}`))));
    });
    walls.push(performance.now() - started);
    const kb = /mnemo-peak-rss-kb (\d+)/.exec(stderr);
    if (kb) peak = Math.max(peak ?? 0, Number(kb[1]) * 1024);
  }
  walls.sort((a, b) => a - b);
  return { wallMs: walls[Math.floor(walls.length / 2)], peakRssBytes: peak, runs };
}

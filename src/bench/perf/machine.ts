/** The facts a benchmark figure depends on, stored beside it so the next run is compared fairly. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface MachineFacts {
  cpuModel: string;
  cpus: number;
  memoryBytes: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the facts were taken. */
  loadAverage: number[];
  date: string;
  /** HEAD of the repository the bench ran from, `+dirty` when files were changed; null outside git. */
  gitCommit: string | null;
}

export function machineFacts(cwd = process.cwd()): MachineFacts {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpus: cpus.length,
    memoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()} ${os.release()}`,
    loadAverage: os.loadavg(),
    date: new Date().toISOString(),
    gitCommit: gitCommit(cwd),
  };
}

function gitCommit(cwd: string): string | null {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const head = git('rev-parse', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === '' ? head : `${head}+dirty`;
  } catch {
    return null;
  }
}

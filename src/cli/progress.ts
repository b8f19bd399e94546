/** A cli-progress bar on stderr, only when stderr is a terminal (and not with --json). */
import { createRequire } from 'node:module';

// Loaded only when a bar is shown: every command would pay for it at start otherwise.
const require = createRequire(import.meta.url);

export interface Progress {
  advance(by: number): void;
  stop(): void;
}

const silent: Progress = { advance: () => {}, stop: () => {} };

export function progressBar(total: number, label: string, enabled: boolean): Progress {
  if (!enabled || !process.stderr.isTTY) return silent;
  const cliProgress = require('cli-progress') as typeof import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {value}/{total} messages`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return { advance: (by) => bar.increment(by), stop: () => bar.stop() };
}

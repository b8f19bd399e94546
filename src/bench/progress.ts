/** A progress bar on stderr, only when stderr is a terminal (never pollutes piped output). */
import cliProgress from 'cli-progress';

export interface Progress {
  tick(label: string): void;
  stop(): void;
}

const SILENT: Progress = { tick() {}, stop() {} };

export function createProgress(total: number, enabled = process.stderr.isTTY === true): Progress {
  if (!enabled || total === 0) return SILENT;
  const bar = new cliProgress.SingleBar(
    { format: 'bench [{bar}] {value}/{total} questions | {label} | eta {eta_formatted}', stream: process.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { label: '' });
  return {
    tick: (label) => bar.increment(1, { label }),
    stop: () => bar.stop(),
  };
}

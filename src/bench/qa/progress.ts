/** A progress bar with an ETA on stderr (terminals only), counting answered questions. */
import cliProgress from 'cli-progress';

export interface QaProgress {
  tick(cached: number, retries: number): void;
  stop(): void;
}

export function qaProgress(total: number, enabled: boolean): QaProgress {
  if (!enabled || total === 0) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      format: 'bench qa [{bar}] {value}/{total} questions | {cached} cached, {retries} retries | {duration_formatted} elapsed, eta {eta_formatted}',
      stream: process.stderr,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { cached: 0, retries: 0 });
  // Ctrl-C: give the terminal its cursor back; every answer so far is already in the resume cache.
  const interrupt = () => {
    bar.stop();
    process.stderr.write('bench qa: interrupted; run the same command again to resume\n');
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  return {
    tick: (cached, retries) => bar.increment(1, { cached, retries }),
    stop: () => {
      process.removeListener('SIGINT', interrupt);
      bar.stop();
    },
  };
}

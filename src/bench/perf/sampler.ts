/** Peak resident set size, sampled on a timer (and at every explicit `sample()`). */
export interface RssSampler {
  sample(): void;
  /** Peak since creation or the last reset, in bytes. */
  peak(): number;
  reset(): void;
  stop(): void;
}

export function startRssSampler(intervalMs = 25): RssSampler {
  let peak = process.memoryUsage.rss();
  const sample = () => { peak = Math.max(peak, process.memoryUsage.rss()); };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    sample,
    peak: () => (sample(), peak),
    reset: () => { peak = process.memoryUsage.rss(); },
    stop: () => clearInterval(timer),
  };
}

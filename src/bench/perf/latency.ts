/** Times an async call per item, sequentially; summarizes with the harness's percentile helpers. */
import { type LatencySummary, latencySummary } from '../metrics.js';

export type { LatencySummary };

export async function timeEach<T, R>(items: readonly T[], run: (item: T, i: number) => Promise<R> | R, onResult?: (r: R, i: number) => void): Promise<LatencySummary> {
  const samples: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const t = performance.now();
    const r = await run(items[i], i);
    samples.push(performance.now() - t);
    onResult?.(r, i);
  }
  return latencySummary(samples);
}

/** Mean of each named timing over many results (e.g. recall's per-stage `timings`). */
export function meanTimings(all: readonly Record<string, number>[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const t of all) for (const [k, v] of Object.entries(t)) sums[k] = (sums[k] ?? 0) + v;
  return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v / Math.max(1, all.length)]));
}

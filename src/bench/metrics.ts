/** Retrieval and answer metrics: recall@k, latency percentiles, LoCoMo token F1. */

export const DEFAULT_KS = [5, 10, 25, 50] as const;

/** |gold ∩ top k| / |gold| over a de-duplicated ranking; 0..1. */
export function recallAtK(ranked: readonly string[], gold: readonly string[], k: number): number {
  if (gold.length === 0) return 0;
  const top = new Set(dedupe(ranked).slice(0, k));
  const wanted = new Set(gold);
  let hits = 0;
  for (const id of wanted) if (top.has(id)) hits++;
  return hits / wanted.size;
}

export function dedupe(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function latencySummary(samplesMs: readonly number[]): LatencySummary {
  return { p50: percentile(samplesMs, 50), p95: percentile(samplesMs, 95), p99: percentile(samplesMs, 99), mean: mean(samplesMs) };
}

/** LoCoMo's answer normalization: lowercase, drop commas and punctuation, articles and "and", collapse spaces. */
export function normalizeAnswer(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, '')
    .replace(/\b(a|an|the|and)\b/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Token-overlap F1 between a prediction and a reference answer; 0..1. */
export function tokenF1(prediction: string | number, reference: string | number): number {
  const pred = normalizeAnswer(String(prediction));
  const gold = normalizeAnswer(String(reference));
  if (pred.length === 0 || gold.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of gold) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of pred) {
    const left = counts.get(t) ?? 0;
    if (left === 0) continue;
    counts.set(t, left - 1);
    same++;
  }
  if (same === 0) return 0;
  const precision = same / pred.length;
  const recall = same / gold.length;
  return (2 * precision * recall) / (precision + recall);
}

/**
 * LoCoMo's per-category scoring: multi-hop (1) averages, over the comma-separated parts of the
 * reference, the best F1 against any comma-separated part of the prediction; open-domain (3)
 * scores against the first `;` alternative; the others use plain token F1.
 */
export function locomoF1(prediction: string | null | undefined, reference: string, category?: number): number {
  if (!prediction) return 0;
  if (category === 1) {
    const preds = prediction.split(',');
    return mean(reference.split(',').map((g) => Math.max(...preds.map((p) => tokenF1(p, g)))));
  }
  if (category === 3) return tokenF1(prediction, reference.split(';')[0]);
  return tokenF1(prediction, reference);
}

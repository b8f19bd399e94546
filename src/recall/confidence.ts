import { keywords } from '../text/tokenize.js';

/** Share of the query's keywords that appear (prefix-tolerant) in the evidence text. */
export function termCoverage(terms: string[], text: string): number {
  if (terms.length === 0) return 0;
  const have = keywords(text).map((w) => w.slice(0, 5));
  let hit = 0;
  for (const t of terms) if (have.includes(t.slice(0, 5))) hit++;
  return hit / terms.length;
}

/**
 * Offline confidence in 0..1 from how much of the question the best evidence covers and how
 * strongly the channels agree on it (its fused score against the best reachable score).
 */
export function recallConfidence(opts: { coverage: number; fused: number; maxFused: number }): number {
  const agreement = opts.maxFused > 0 ? Math.min(1, (2 * opts.fused) / opts.maxFused) : 0;
  return Math.round((0.65 * opts.coverage + 0.35 * agreement) * 1000) / 1000;
}

import { describe, expect, it } from 'vitest';
import { kthScore, topK } from '../src/search/top-k.js';
import { createRng } from '../src/bench/perf/prng.js';

/** Deterministic pseudo-random numbers (the perf bench's mulberry32). */
const rng = (seed: number): (() => number) => createRng(seed).next;

describe('top k of scored slots', () => {
  it('finds the k-th highest score, with ties and repeated values, for every k', () => {
    const next = rng(7);
    for (const size of [1, 2, 3, 10, 257]) {
      // Few distinct values: many ties, as BM25 scores of one-word matches have.
      const scores = Float64Array.from({ length: size * 2 }, () => Math.floor(next() * 6) / 3);
      const slots = Array.from({ length: size }, (_, i) => i * 2 + (i % 2));
      const sorted = slots.map((s) => scores[s]).sort((a, b) => b - a);
      for (let k = 1; k <= size; k++) expect(kthScore(slots, k, scores)).toBe(sorted[k - 1]);
    }
  });

  it('agrees with the k-th of topK on random scores', () => {
    const next = rng(11);
    const scores = Float64Array.from({ length: 5000 }, () => next() * 10);
    const slots = Array.from({ length: 5000 }, (_, i) => i).filter(() => next() < 0.6);
    const ids = Array.from({ length: 5000 }, (_, i) => i);
    for (const k of [1, 50, 65, 260]) expect(kthScore(slots, k, scores)).toBe(topK(slots, k, scores, ids)[k - 1].score);
  });

  it('returns the k best hits in order, ties by the larger id, as a full sort does', () => {
    const next = rng(3);
    const scores = Float64Array.from({ length: 3000 }, () => Math.floor(next() * 20) / 7);
    const ids = Array.from({ length: 3000 }, () => Math.floor(next() * 1e6));
    const slots = Array.from({ length: 3000 }, (_, i) => i).filter(() => next() < 0.7);
    const sorted = [...slots].sort((a, b) => scores[b] - scores[a] || ids[b] - ids[a]).map((s) => ({ id: ids[s], score: scores[s] }));
    for (const k of [1, 2, 50, 65, slots.length, slots.length + 10]) expect(topK(slots, k, scores, ids)).toEqual(sorted.slice(0, k));
    expect(topK([], 5, scores, ids)).toEqual([]);
    expect(topK(slots, 0, scores, ids)).toEqual([]);
  });
});

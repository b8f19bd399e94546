import { describe, expect, it } from 'vitest';
import { latencySummary, locomoF1, normalizeAnswer, percentile, recallAtK, tokenF1 } from '../src/bench/metrics.js';

describe('recall@k', () => {
  it('de-duplicates the ranking before cutting at k', () => {
    const ranked = ['a', 'a', 'b', 'a', 'c', 'd'];
    expect(recallAtK(ranked, ['c'], 2)).toBe(0);
    expect(recallAtK(ranked, ['c'], 3)).toBe(1);
    expect(recallAtK(ranked, ['a', 'd', 'x'], 4)).toBeCloseTo(2 / 3);
    expect(recallAtK(ranked, ['a', 'a'], 1)).toBe(1);
    expect(recallAtK([], ['a'], 5)).toBe(0);
  });
});

describe('latency percentiles', () => {
  it('uses nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 99)).toBe(99);
    expect(latencySummary([3, 1, 2])).toMatchObject({ p50: 2, p99: 3, mean: 2 });
    expect(percentile([], 50)).toBe(0);
  });
});

describe('LoCoMo token F1', () => {
  it('normalizes case, punctuation and articles', () => {
    expect(normalizeAnswer('The Sunrise, and a lake!')).toEqual(['sunrise', 'lake']);
    expect(tokenF1('the sunrise', 'Sunrise.')).toBe(1);
  });

  it('scores token overlap, numbers included', () => {
    expect(tokenF1('7 May 2023', '7 May 2023')).toBe(1);
    expect(tokenF1(2022, '2022')).toBe(1);
    expect(tokenF1('in May 2023', '7 May 2023')).toBeCloseTo(2 / 3);
    expect(tokenF1('nothing', 'something')).toBe(0);
    expect(tokenF1('', 'x')).toBe(0);
  });

  it('applies the per-category variants', () => {
    expect(locomoF1('pottery, camping', 'camping, pottery', 1)).toBe(1);
    expect(locomoF1('psychology', 'psychology; counseling', 3)).toBe(1);
    expect(locomoF1(null, 'x', 4)).toBe(0);
  });
});

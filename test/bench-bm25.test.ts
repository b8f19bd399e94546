import { describe, expect, it } from 'vitest';
import { ftsOrQuery, queryTerms } from '../src/bench/baselines/fts-query.js';
import { runLocomoBench } from '../src/bench/run-locomo.js';

describe('BM25 baseline query', () => {
  it('ORs quoted non-stopword terms split like unicode61', () => {
    expect(queryTerms("When did Caroline's self-care routine start, and why not?")).toEqual(['caroline', 'self', 'care', 'routine', 'start', 'not']);
    expect(ftsOrQuery('What did Mel paint in 2022?')).toBe('"mel" OR "paint" OR "2022"');
    expect(ftsOrQuery('what is it?')).toBeNull();
  });
});

describe('BM25 baseline on locomo-dev', () => {
  it('reproduces the protocol figures 53.3 / 61.2 / 70.0 / 75.2 within ±0.5', async () => {
    const result = await runLocomoBench({ baselines: ['bm25'], progress: false });
    expect(result.scoredQuestions).toBe(760);
    const [bm25] = result.systems;
    expect(bm25.name).toBe('BM25');
    const expected = { 5: 53.3, 10: 61.2, 25: 70.0, 50: 75.2 };
    for (const [k, value] of Object.entries(expected)) {
      expect(Math.abs(bm25.recall.overall[k] - value), `R@${k} = ${bm25.recall.overall[k]}`).toBeLessThanOrEqual(0.5);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../src/search/bm25-index.js';
import { ImpactBounds } from '../src/search/impact-bounds.js';
import { Postings } from '../src/search/postings.js';

const K1 = 1.2;
const B = 0.75;
const weight = (tf: number, len: number, avgdl: number) => (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / avgdl));

describe('per-term impact bounds', () => {
  it('bound every posting, including ones added after the bound was computed, and follow the average length', () => {
    const lengths = [10, 40, 3, 25];
    const list = new Postings();
    [[0, 1], [1, 4], [3, 2]].forEach(([slot, tf]) => list.push(slot, tf));
    const bounds = new ImpactBounds(K1, B);
    const exact = (avgdl: number) => Math.max(...[[0, 1], [1, 4], [3, 2]].map(([s, tf]) => weight(tf, lengths[s], avgdl)));
    const first = bounds.of(0, [list], lengths, 20);
    // Not the loose limit k1 + 1, but at most a few percent above the largest posting's weight.
    expect(first).toBeGreaterThanOrEqual(exact(20));
    expect(first).toBeLessThan(exact(20) * 1.05);
    // A short document holding the term twice weighs more than any before it.
    bounds.added(0, 2, lengths[2]);
    expect(bounds.of(0, [list], lengths, 20)).toBeGreaterThanOrEqual(weight(2, 3, 20));
    // Postings weigh more as the average length grows: past the margin, bounds are recomputed.
    expect(bounds.of(0, [list], lengths, 40)).toBeGreaterThanOrEqual(exact(40));
  });

  it('keep pruned searches exact when short, repetitive documents and multi-word phrases arrive after the first searches', () => {
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const vocab = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const word = () => vocab[Math.floor(vocab.length * rand() ** 3)];
    const index = new Bm25Index();
    for (let id = 1; id <= 2000; id++) index.add(id, Array.from({ length: 15 + Math.floor(rand() * 20) }, word));
    const check = () => {
      for (let q = 0; q < 150; q++) {
        const phrases = Array.from({ length: 2 + Math.floor(rand() * 3) }, () => (rand() < 0.3 ? [word(), word()] : [word()]));
        const k = 1 + Math.floor(rand() * 40);
        const full = index.search({ phrases, limit: -1 }).slice(0, k);
        const pruned = index.search({ phrases, limit: k });
        expect(pruned.map((h) => h.id)).toEqual(full.map((h) => h.id));
        pruned.forEach((h, i) => expect(h.score).toBeCloseTo(full[i].score, 12));
      }
    };
    check();
    // Each outweighs every earlier posting of its word: a bound kept from before would drop it.
    for (let id = 2001; id <= 2100; id++) {
      const w = word();
      index.add(id, [w, w, w, word()]);
    }
    check();
    // Long documents raise the average length (and so every posting's weight).
    for (let id = 2101; id <= 2600; id++) index.add(id, Array.from({ length: 120 }, word));
    check();
  });
});

import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../src/search/bm25-index.js';
import { bm25Weight } from '../src/search/bm25-weight.js';
import { createRng } from '../src/bench/perf/prng.js';

/** Deterministic pseudo-random numbers (the perf bench's mulberry32). */
const rng = (seed: number): (() => number) => createRng(seed).next;

/**
 * What a bounded any-phrase search answers, written out plainly: phrases by idf (rarest first,
 * ties in query order); the documents of the first phrase, and of the next ones while their
 * postings together stay within the budget (removed documents' postings count until a compaction
 * drops them), are the candidates; each scores every phrase's weight,
 * summed in that order; best first, ties to the larger id.
 */
function oracle(docs: Map<number, string[]>, removed: string[][], phrases: string[][], limit: number, budget: number) {
  const n = docs.size;
  let tokens = 0;
  for (const d of docs.values()) tokens += d.length;
  const avgdl = tokens / n || 1;
  const countIn = (doc: string[], phrase: string[]) => Math.min(...phrase.map((t) => doc.filter((x) => x === t).length));
  const terms = phrases.map((phrase) => {
    const holders = [...docs].filter(([, d]) => countIn(d, phrase) > 0).map(([id]) => id);
    const postings = holders.length + removed.filter((d) => countIn(d, phrase) > 0).length;
    return { phrase, holders, postings, idf: Math.max(1e-6, Math.log((n - holders.length + 0.5) / (holders.length + 0.5))) };
  });
  terms.sort((a, b) => b.idf - a.idf);
  const candidates = new Set<number>(terms[0].holders);
  let scanned = terms[0].postings;
  for (const t of terms.slice(1)) {
    if (candidates.size > 0 && scanned + t.postings > budget) break;
    scanned += t.postings;
    for (const id of t.holders) candidates.add(id);
  }
  const hits = [...candidates].map((id) => {
    const doc = docs.get(id)!;
    let score = 0;
    for (const t of terms) {
      const count = countIn(doc, t.phrase);
      if (count > 0) score += bm25Weight(t.idf, count, doc.length, avgdl);
    }
    return { id, score };
  });
  hits.sort((a, b) => b.score - a.score || b.id - a.id);
  return hits.slice(0, limit);
}

describe('Bm25Index bounded search, document at a time with block-max pruning', () => {
  it('returns the same ids, scores and order as scoring every candidate, on random corpora', () => {
    const next = rng(20);
    for (const corpus of [0, 1, 2]) {
      const vocab = Array.from({ length: 40 + corpus * 30 }, (_, i) => `w${i}`);
      // Zipf-like words, and lengths from a handful of values so that scores tie often.
      const word = () => vocab[Math.floor(vocab.length * next() ** 3)];
      const doc = () => Array.from({ length: 2 + Math.floor(next() * (corpus === 0 ? 25 : 4)) }, word);
      const docs = new Map<number, string[]>();
      const removed: string[][] = [];
      const index = new Bm25Index();
      const add = (id: number) => {
        const d = doc();
        if (docs.has(id)) removed.push(docs.get(id)!);
        docs.set(id, d);
        index.add(id, d);
      };
      // Ids in slot order, as rows are appended, except in the last corpus: ties then go to
      // candidates met in any order.
      const order = Array.from({ length: 4000 }, (_, i) => i + 1);
      if (corpus === 2) order.sort(() => next() - 0.5);
      for (const id of order) add(id);
      index.trim(); // a compact base (with block bounds) ...
      for (let id = 4001; id <= 4600; id++) add(id); // ... and a tail scored without them
      for (let id = 3; id <= 4600; id += 11) {
        removed.push(docs.get(id)!);
        docs.delete(id);
        index.remove(id);
      }
      for (const id of [17, 2000, 3999]) add(id); // re-added: a new slot under an old id
      for (let q = 0; q < 150; q++) {
        const phrases = Array.from({ length: 2 + Math.floor(next() * 6) }, () =>
          next() < 0.15 ? [word(), word()] : next() < 0.1 ? ['absent'] : [word()]);
        // A repeated phrase counts twice (as FTS5 scores it), as related words often repeat one.
        if (next() < 0.3) phrases.push(phrases[0]);
        const limit = 1 + Math.floor(next() * 80);
        const budget = Math.floor(next() * 3000);
        const got = index.search({ phrases, limit, scanBudget: budget });
        expect(got, `corpus ${corpus} query ${q}: ${JSON.stringify(phrases)} limit ${limit} budget ${budget}`).toEqual(oracle(docs, removed, phrases, limit, budget));
      }
      // One phrase with a limit: its best postings, skipping blocks that cannot reach the k-th best.
      for (let q = 0; q < 60; q++) {
        const phrases = [next() < 0.15 ? [word(), word()] : [word()]];
        const limit = 1 + Math.floor(next() * 80);
        expect(index.search({ phrases, limit }), `corpus ${corpus} single ${q}: ${JSON.stringify(phrases)} limit ${limit}`).toEqual(oracle(docs, removed, phrases, limit, Infinity));
      }
    }
  });

  it('scores documents kept apart against another index\'s statistics, as the unbounded search does', () => {
    const next = rng(5);
    const vocab = Array.from({ length: 30 }, (_, i) => `w${i}`);
    const word = () => vocab[Math.floor(vocab.length * next() ** 2)];
    const main = new Bm25Index();
    const apart = new Bm25Index();
    for (let id = 1; id <= 3000; id++) main.add(id, Array.from({ length: 3 + (id % 9) }, word));
    for (let id = 3001; id <= 4500; id++) apart.add(id, Array.from({ length: 3 + (id % 5) }, word));
    main.trim();
    apart.trim();
    for (let q = 0; q < 50; q++) {
      const phrases = Array.from({ length: 3 }, () => [word()]);
      const all = apart.search({ phrases, limit: -1 }, main);
      // The budget makes the rarest phrase's documents the only candidates.
      const rarest = apart.search({ phrases: [phrases.reduce((a, b) => (main.search({ phrases: [a], limit: -1 }).length <= main.search({ phrases: [b], limit: -1 }).length ? a : b))], limit: -1 }, main);
      const ids = new Set(rarest.map((h) => h.id));
      const expected = all.filter((h) => ids.has(h.id)).slice(0, 20);
      expect(apart.search({ phrases, limit: 20, scanBudget: 1 }, main).map((h) => h.id).sort()).toEqual(expected.map((h) => h.id).sort());
    }
  });
});

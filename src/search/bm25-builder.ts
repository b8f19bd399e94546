import { Bm25Index, detached, TermCounter } from './bm25-index.js';
import { stem, unstemmedTokens } from './fts-tokens.js';
import { PostingBase } from './posting-base.js';

/**
 * Bulk-loads a Bm25Index: documents are recorded in order as (term, count) pairs in a few flat
 * growing arrays, then laid out term by term in one pass (a counting sort), so a load allocates
 * a handful of large arrays instead of growing two small ones per term (which fragmented the heap
 * and left a thread's RSS well above what the index holds).
 */
export class Bm25Builder {
  private readonly terms = new Map<string, number>();
  private readonly counter = new TermCounter(this.terms);
  private pairTerms = new Int32Array(1024);
  private pairCounts = new Uint16Array(1024);
  private pairs = 0;
  /** Document d's pairs are [docEnds[d - 1] (0 for the first), docEnds[d]). */
  private docEnds: number[] = [];
  private readonly ids: number[] = [];
  private readonly lengths: number[] = [];
  private liveTokens = 0;
  /** Each unstemmed token seen so far → its term's number: a repeated token is neither stemmed nor looked up again. */
  private readonly tokenTerms = new Map<string, number>();
  private readonly docTerms: number[] = [];

  /** Adds a document; ids must be distinct (a load reads each row once). */
  add(id: number, tokens: string[]): void {
    this.counter.count(tokens);
    this.record(id, tokens.length);
  }

  /** `add(id, ftsTokens(text))`, about twice as fast over a whole table. */
  addText(id: number, text: string): void {
    const { counter, tokenTerms, docTerms } = this;
    docTerms.length = 0;
    for (const token of unstemmedTokens(text)) {
      let t = tokenTerms.get(token);
      if (t === undefined) tokenTerms.set(detached(token), (t = counter.termOf(stem(token))));
      docTerms.push(t);
    }
    counter.countTerms(docTerms);
    this.record(id, docTerms.length);
  }

  private record(id: number, tokens: number): void {
    const { counter } = this;
    if (this.pairs + counter.seen.length > this.pairTerms.length) this.grow(this.pairs + counter.seen.length);
    for (const t of counter.seen) {
      this.pairTerms[this.pairs] = t;
      this.pairCounts[this.pairs++] = Math.min(counter.of(t), 0xffff);
    }
    this.docEnds.push(this.pairs);
    this.ids.push(id);
    this.lengths.push(tokens);
    this.liveTokens += tokens;
  }

  finish(): Bm25Index {
    const terms = this.terms.size;
    const start = new Int32Array(terms + 1);
    for (let i = 0; i < this.pairs; i++) start[this.pairTerms[i] + 1]++;
    for (let t = 0; t < terms; t++) start[t + 1] += start[t];
    const at = start.slice(0, terms);
    const slots = new Int32Array(this.pairs);
    const counts = new Uint16Array(this.pairs);
    let from = 0;
    for (let slot = 0; slot < this.docEnds.length; slot++) {
      const to = this.docEnds[slot];
      for (let i = from; i < to; i++) {
        const pos = at[this.pairTerms[i]]++;
        slots[pos] = slot;
        counts[pos] = this.pairCounts[i];
      }
      from = to;
    }
    const index = new Bm25Index({ terms: this.terms, base: new PostingBase(start, slots, counts), ids: this.ids, lengths: this.lengths, liveTokens: this.liveTokens });
    this.pairTerms = new Int32Array(0);
    this.pairCounts = new Uint16Array(0);
    this.docEnds = [];
    this.tokenTerms.clear();
    return index;
  }

  private grow(need: number): void {
    const room = Math.max(need, this.pairTerms.length * 2);
    const terms = new Int32Array(room);
    terms.set(this.pairTerms.subarray(0, this.pairs));
    this.pairTerms = terms;
    const counts = new Uint16Array(room);
    counts.set(this.pairCounts.subarray(0, this.pairs));
    this.pairCounts = counts;
  }
}

import type { PostingList } from './posting-base.js';

/** Average lengths within this factor of the one bounds were computed at keep them. */
const SLACK = 1.05;

/**
 * Per term, the most one of its postings can add to a BM25 score, per unit of IDF:
 * max over its documents of tf·(k1+1) / (tf + k1·(1 − b + b·len/avgdl)). MaxScore pruning with
 * this bound, instead of the limit idf·(k1+1) that no posting reaches, lets a search drop the
 * documents that cannot reach the top k a term or two earlier.
 *
 * A term's bound is computed on first use (one pass over its postings) at an average length a
 * little above the current one, and kept: a posting weighs more as the average length grows, so a
 * bound computed at a larger average stays an upper bound; past it, all are dropped. Added
 * documents raise their terms' bounds; removed ones leave them (still an upper bound).
 */
export class ImpactBounds {
  private at = 0;
  private values = new Float64Array(0);

  constructor(
    private readonly k1: number,
    private readonly b: number,
  ) {}

  /** Term t's bound for documents of `lengths` in `lists` (its postings), at average length `avgdl`. */
  of(t: number, lists: PostingList[], lengths: number[], avgdl: number): number {
    if (avgdl > this.at || avgdl * SLACK * SLACK < this.at) {
      this.at = avgdl * SLACK;
      this.values = new Float64Array(Math.max(this.values.length, t + 1)).fill(NaN);
    }
    if (t >= this.values.length) this.grow(t);
    let bound = this.values[t];
    if (Number.isNaN(bound)) {
      bound = 0;
      for (const list of lists) {
        for (let i = 0; i < list.length; i++) bound = Math.max(bound, this.impact(list.counts[i], lengths[list.slots[i]]));
      }
      this.values[t] = bound;
    }
    return bound;
  }

  /** A document of `length` tokens now holds term t `tf` times. */
  added(t: number, tf: number, length: number): void {
    if (t < this.values.length && !Number.isNaN(this.values[t])) this.values[t] = Math.max(this.values[t], this.impact(tf, length));
  }

  /** Rounded up a little: a weight computed in another order of operations may differ in its last bits. */
  private impact(tf: number, length: number): number {
    return ((tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + (this.b * length) / this.at))) * (1 + 1e-9);
  }

  private grow(t: number): void {
    const values = new Float64Array(Math.max(t + 1, this.values.length * 2)).fill(NaN);
    values.set(this.values);
    this.values = values;
  }
}

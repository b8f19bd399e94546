import type { Bm25Hit } from './bm25-index.js';
import { bm25Weight, K1 } from './bm25-weight.js';
import { BLOCK_SHIFT, type BlockBounds } from './block-bounds.js';
import type { PostingList } from './posting-base.js';

/** One query term as a search scores it: its postings (base, then tail) and its idf. */
export interface ScoringTerm {
  segments: PostingList[];
  /** Per segment: its block bounds, or null (a tail, a phrase's intersection) to bound by idf·(k1+1). */
  bounds: (BlockBounds | null)[];
  idf: number;
}

export interface BlockMaxQuery {
  /** In scoring order: a document's score adds its terms' weights in this order. */
  terms: ScoringTerm[];
  /** The documents of the first `candidates` terms are the candidates; the other terms only score them. */
  candidates: number;
  limit: number;
  lengths: number[];
  /** Slot → document id; -1 for a removed document. */
  ids: number[];
  anyRemoved: boolean;
  avgdl: number;
}

/**
 * The `limit` best candidates (by score, then the larger id), document at a time with block-max
 * pruning: candidates are visited in slot order, and one whose bound (each term's largest weight
 * within the block of postings its slot falls in) cannot beat the k-th best score so far is
 * dropped before its length is read or the other terms' postings are searched for it; one still
 * able to is scored term by term, dropped as soon as what it has plus what its remaining blocks
 * could add falls short. Scores are summed in term order, so every score is the one summing all
 * terms gives, and the hits are the same.
 */
export function blockMaxTop(q: BlockMaxQuery): Bm25Hit[] {
  const lanes = (from: number, to: number) =>
    q.terms.slice(from, to).flatMap((t) => t.segments.map((list, s) => new Lane(list, t.bounds[s], t.idf, q.avgdl)).filter((l) => l.list.length > 0));
  const scan = lanes(0, q.candidates);
  const look = lanes(q.candidates, q.terms.length);
  const lookBounds = new Float64Array(look.length);
  const found = new Int32Array(look.length);
  const heap = new TopHeap(q.limit, q.ids);
  const at = new Int32Array(scan.length);
  const { lengths, ids, avgdl } = q;
  for (;;) {
    let d = 0x7fffffff;
    for (let c = 0; c < scan.length; c++) if (at[c] < scan[c].list.length && scan[c].list.slots[at[c]] < d) d = scan[c].list.slots[at[c]];
    if (d === 0x7fffffff) break;
    const scored = !q.anyRemoved || ids[d] >= 0;
    let bound = 0;
    if (scored) {
      for (let c = 0; c < scan.length; c++) if (at[c] < scan[c].list.length && scan[c].list.slots[at[c]] === d) bound += scan[c].boundAt(d);
      for (let l = 0; l < look.length; l++) lookBounds[l] = look[l].boundAt(d);
    }
    const cut = heap.cut();
    // Membership first, bounded by blocks: the document's length (a read far from the postings)
    // and its weights are only computed once the blocks it is found in could still beat the cut.
    let rest = 0;
    for (let l = 0; l < look.length; l++) rest += lookBounds[l];
    let l = 0;
    for (; scored && l < look.length && bound + rest >= cut; l++) {
      if (lookBounds[l] === 0) {
        found[l] = -1;
        continue;
      }
      rest -= lookBounds[l];
      found[l] = look[l].find(d);
      if (found[l] >= 0) bound += lookBounds[l];
    }
    if (scored && l === look.length && bound >= cut) {
      const length = lengths[d];
      let score = 0;
      for (let c = 0; c < scan.length; c++) {
        const lane = scan[c];
        if (at[c] < lane.list.length && lane.list.slots[at[c]] === d) score += bm25Weight(lane.idf, lane.list.counts[at[c]], length, avgdl);
      }
      for (let l = 0; l < look.length; l++) if (found[l] >= 0) score += bm25Weight(look[l].idf, look[l].list.counts[found[l]], length, avgdl);
      heap.offer(d, score);
    }
    for (let c = 0; c < scan.length; c++) if (at[c] < scan[c].list.length && scan[c].list.slots[at[c]] === d) at[c]++;
  }
  return heap.best();
}

/** A cursor over one segment of a term's postings, a block at a time, moving only forward. */
class Lane {
  /** The current block: entries [first, last], their bound. */
  private block = -1;
  private first = 0;
  private last = -1;
  private lastSlot = -1;
  bound = 0;
  private readonly flat: number;

  constructor(
    readonly list: PostingList,
    private readonly bounds: BlockBounds | null,
    readonly idf: number,
    private readonly avgdl: number,
  ) {
    this.flat = idf * (K1 + 1);
  }

  /** The largest weight slot `d` can have here (0 when no entry can hold it), moving to d's block. */
  boundAt(d: number): number {
    while (this.lastSlot < d) if (!this.next()) return 0;
    return this.list.slots[this.first] <= d ? this.bound : 0;
  }

  /** The entry of slot `d` within the current block, or -1 (after a nonzero boundAt(d)). */
  find(d: number): number {
    const slots = this.list.slots;
    let lo = this.first;
    let hi = this.last;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const s = slots[mid];
      if (s === d) return mid;
      if (s < d) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private next(): boolean {
    const b = this.block + 1;
    const first = b << BLOCK_SHIFT;
    if (first >= this.list.length) {
      this.lastSlot = 0x7fffffff;
      this.bound = 0;
      this.first = this.list.length - 1;
      return false;
    }
    this.block = b;
    this.first = first;
    this.last = Math.min(this.list.length, first + (1 << BLOCK_SHIFT)) - 1;
    this.lastSlot = this.list.slots[this.last];
    this.bound = this.bounds ? bm25Weight(this.idf, this.bounds.maxCount[b], this.bounds.minLength[b], this.avgdl) : this.flat;
    return true;
  }
}

/** The k best (score, slot) pairs seen, in a min-heap ordered by score, then id. */
class TopHeap {
  private readonly slots: Int32Array;
  private readonly scores: Float64Array;
  private n = 0;

  constructor(private readonly k: number, private readonly ids: number[]) {
    this.slots = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  /**
   * The score below which a document cannot enter: the k-th best less a relative 1e-9 (bounds and
   * scores are sums of rounded weights), or -Infinity until k are held.
   */
  cut(): number {
    if (this.n < this.k) return -Infinity;
    const kth = this.scores[0];
    return kth - Math.abs(kth) * 1e-9;
  }

  offer(slot: number, score: number): void {
    const { slots, scores, ids } = this;
    if (this.n < this.k) {
      let i = this.n++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (scores[p] < score || (scores[p] === score && ids[slots[p]] < ids[slot])) break;
        slots[i] = slots[p];
        scores[i] = scores[p];
        i = p;
      }
      slots[i] = slot;
      scores[i] = score;
      return;
    }
    if (scores[0] > score || (scores[0] === score && ids[slots[0]] >= ids[slot])) return;
    const k = this.k;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= k) break;
      let c = l;
      const r = l + 1;
      if (r < k && (scores[r] < scores[l] || (scores[r] === scores[l] && ids[slots[r]] < ids[slots[l]]))) c = r;
      if (score < scores[c] || (score === scores[c] && ids[slot] < ids[slots[c]])) break;
      slots[i] = slots[c];
      scores[i] = scores[c];
      i = c;
    }
    slots[i] = slot;
    scores[i] = score;
  }

  /** The held pairs, best first, as hits. */
  best(): Bm25Hit[] {
    const order = Array.from({ length: this.n }, (_, i) => i);
    order.sort((a, b) => this.scores[b] - this.scores[a] || this.ids[this.slots[b]] - this.ids[this.slots[a]]);
    return order.map((i) => ({ id: this.ids[this.slots[i]], score: this.scores[i] }));
  }
}

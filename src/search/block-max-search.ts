import type { Bm25Hit } from './bm25-index.js';
import { bm25Weight, K1 } from './bm25-weight.js';
import { BLOCK, BLOCK_SHIFT, type BlockBounds } from './block-bounds.js';
import type { PostingList } from './posting-base.js';

/** One query term as a search scores it: its postings (base, then tail) and its idf. */
export interface ScoringTerm {
  segments: PostingList[];
  /** Per segment: its block bounds, or null (a tail, a phrase's intersection) to bound by idf·(k1+1). */
  bounds: (BlockBounds | null)[];
  idf: number;
  /** The same for terms of one phrase: a phrase asked twice weighs twice, but is looked up once. */
  key: string;
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
 * pruning. Each term's postings are cut in blocks whose bound is the largest weight any of them
 * can have; a candidate is looked up in the other terms' blocks covering its slot, rarest first,
 * and dropped as soon as the bounds of the blocks holding it, plus those still to search, cannot
 * beat the k-th best so far: only then is its length read (far from the postings) and its score
 * summed, in term order, so every score is the one a full scoring gives and the hits are the same.
 * Candidates are visited from the last slot down: documents added later have the larger ids, which
 * win ties, so a candidate merely tying with the k-th best is dropped on its bound.
 */
export function blockMaxTop(q: BlockMaxQuery): Bm25Hit[] {
  const scan: Lane[] = [];
  const look: Lane[] = [];
  const first = new Map<string, Lane>();
  q.terms.forEach((t, j) =>
    t.segments.forEach((list, s) => {
      if (list.length === 0) return;
      const key = `${s}\n${t.key}`;
      const lane = new Lane(list, t.bounds[s], t.idf, q.avgdl, j < q.candidates ? null : (first.get(key) ?? null));
      if (!first.has(key)) first.set(key, lane);
      (j < q.candidates ? scan : look).push(lane);
    }),
  );
  const heap = new TopHeap(q.limit, q.ids);
  const { lengths, ids, avgdl } = q;
  if (scan.length === 1 && look.length === 0) return loneTop(scan[0], heap, q);
  for (;;) {
    let d = -1;
    for (const lane of scan) if (lane.at >= 0 && lane.list.slots[lane.at] > d) d = lane.list.slots[lane.at];
    if (d < 0) break;
    if (!q.anyRemoved || ids[d] >= 0) {
      let bound = 0;
      for (const lane of scan) {
        const member = lane.at >= 0 && lane.list.slots[lane.at] === d;
        lane.hit = member ? lane.at : -1;
        lane.here = member ? lane.boundAt(d) : 0;
        bound += lane.here;
      }
      let rest = 0;
      for (const lane of look) rest += lane.here = lane.source ? lane.source.here : lane.boundAt(d);
      const cut = heap.cut();
      let l = 0;
      for (; l < look.length && bound + rest >= cut; l++) {
        const lane = look[l];
        if (lane.here === 0) {
          lane.hit = -1;
          continue;
        }
        rest -= lane.here;
        lane.hit = lane.source ? lane.source.hit : lane.find(d);
        if (lane.hit >= 0) bound += lane.here;
      }
      // `bound` adds the bounds of the terms holding d in the order its score adds their weights,
      // each no less than its weight: rounding cannot lift the score above it, so the test is exact.
      if (l === look.length && heap.admits(bound, d)) {
        const length = lengths[d];
        let score = 0;
        for (const lane of scan) if (lane.hit >= 0) score += bm25Weight(lane.idf, lane.list.counts[lane.hit], length, avgdl);
        for (const lane of look) if (lane.hit >= 0) score += bm25Weight(lane.idf, lane.list.counts[lane.hit], length, avgdl);
        heap.offer(d, score);
      }
    }
    for (const lane of scan) if (lane.at >= 0 && lane.list.slots[lane.at] === d) lane.at--;
  }
  return heap.best();
}

/** One list alone (one phrase, no tail): its best entries, skipping each block whose bound cannot reach the k-th best. */
function loneTop(lane: Lane, heap: TopHeap, q: BlockMaxQuery): Bm25Hit[] {
  const { slots, counts } = lane.list;
  const { lengths, ids, avgdl } = q;
  while (lane.at >= 0) {
    const d = slots[lane.at];
    const bound = lane.boundAt(d);
    if (bound < heap.cut()) {
      lane.at = lane.blockStart - 1;
      continue;
    }
    if ((!q.anyRemoved || ids[d] >= 0) && heap.admits(bound, d)) heap.offer(d, bm25Weight(lane.idf, counts[lane.at], lengths[d], avgdl));
    lane.at--;
  }
  return heap.best();
}

/** Entries `find` steps back over before it halves the rest of the block instead. */
const NEAR = 8;

/** A cursor over one segment of a term's postings, a block at a time, moving only backward. */
class Lane {
  /** Scanning: the next entry to visit (visited last to first). */
  at: number;
  /** For the candidate at hand: its entry here (-1: none), and the bound of the block covering it (0: none). */
  hit = -1;
  here = 0;
  /** The current block: entries [first, last], its first slot and its bound. */
  private block: number;
  private first = 0;
  private last = -1;
  private firstSlot = 0x7fffffff;
  private bound = 0;
  /** The entry `find` stopped at last. */
  private probe: number;
  private readonly flat: number;

  constructor(
    readonly list: PostingList,
    private readonly bounds: BlockBounds | null,
    readonly idf: number,
    private readonly avgdl: number,
    /** An earlier lane over the same postings (a phrase asked again), whose lookups this one reuses. */
    readonly source: Lane | null,
  ) {
    this.flat = idf * (K1 + 1);
    this.at = list.length - 1;
    this.probe = list.length - 1;
    this.block = (list.length + BLOCK - 1) >> BLOCK_SHIFT;
  }

  /** The first entry of the current block. */
  get blockStart(): number {
    return this.first;
  }

  /** The largest weight slot `d` can have here (0 when no entry can hold it), moving back to d's block. */
  boundAt(d: number): number {
    while (this.firstSlot > d) if (!this.previous()) return 0;
    return this.list.slots[this.last] >= d ? this.bound : 0;
  }

  /**
   * The entry of slot `d` within the current block, or -1 (after a nonzero boundAt(d)): stepped to
   * from the entry probed last (candidates come in falling slots, usually a few entries apart),
   * halving the rest of the block when they are not.
   */
  find(d: number): number {
    const slots = this.list.slots;
    let i = Math.min(this.probe, this.last);
    const stop = Math.max(this.first, i - NEAR);
    while (i >= stop && slots[i] > d) i--;
    if (i >= stop) {
      this.probe = i;
      return slots[i] === d ? i : -1;
    }
    let lo = this.first;
    let hi = stop - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const s = slots[mid];
      if (s === d) return (this.probe = mid);
      if (s < d) lo = mid + 1;
      else hi = mid - 1;
    }
    this.probe = hi;
    return -1;
  }

  private previous(): boolean {
    const b = this.block - 1;
    if (b < 0) {
      this.firstSlot = -1;
      this.bound = 0;
      return false;
    }
    this.block = b;
    this.first = b << BLOCK_SHIFT;
    this.last = Math.min(this.list.length, this.first + BLOCK) - 1;
    this.firstSlot = this.list.slots[this.first];
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
   * A score below which a document surely cannot enter: the k-th best less a relative 1e-9 (for
   * partial sums of bounds, rounded otherwise than the score), or -Infinity until k are held.
   */
  cut(): number {
    if (this.n < this.k) return -Infinity;
    const kth = this.scores[0];
    return kth - Math.abs(kth) * 1e-9;
  }

  /** Whether a document of slot `slot` scoring at most `bound` could enter. */
  admits(bound: number, slot: number): boolean {
    if (this.n < this.k) return true;
    const kth = this.scores[0];
    return bound > kth || (bound === kth && this.ids[slot] > this.ids[this.slots[0]]);
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

import type { Postings } from './postings.js';

/** One term's entries: document slots, ascending, and the term's count in each. */
export interface PostingList {
  readonly slots: Int32Array;
  readonly counts: Uint16Array;
  readonly length: number;
}

/**
 * Every term's postings in three flat arrays (term t's entries are [start[t], start[t + 1])):
 * a few large allocations instead of two small growable arrays per term, which cost more in
 * object headers and allocator slack than the entries themselves and fragmented the heap.
 */
export class PostingBase {
  constructor(
    readonly start: Int32Array,
    readonly slots: Int32Array,
    readonly counts: Uint16Array,
  ) {}

  static empty(): PostingBase {
    return new PostingBase(new Int32Array(1), new Int32Array(0), new Uint16Array(0));
  }

  get terms(): number {
    return this.start.length - 1;
  }

  get entries(): number {
    return this.slots.length;
  }

  /** Term t's entries (views: nothing copied); empty past the terms this base knows. */
  list(t: number): PostingList {
    if (t >= this.terms) return EMPTY;
    const from = this.start[t];
    const to = this.start[t + 1];
    return { slots: this.slots.subarray(from, to), counts: this.counts.subarray(from, to), length: to - from };
  }

  /**
   * This base with each term's `tails` entries appended, keeping only slots `renumber` maps to a
   * slot (all of them, as they are, without it). Term numbers stay; a term left empty keeps an
   * empty range.
   */
  merged(terms: number, tails: (Postings | undefined)[], renumber?: Int32Array): PostingBase {
    const keep = (slot: number) => (renumber ? renumber[slot] : slot);
    const start = new Int32Array(terms + 1);
    for (let t = 0; t < terms; t++) {
      let n = 0;
      const base = this.list(t);
      const tail = tails[t];
      if (renumber) {
        for (let i = 0; i < base.length; i++) if (renumber[base.slots[i]] >= 0) n++;
        if (tail) for (let i = 0; i < tail.length; i++) if (renumber[tail.slots[i]] >= 0) n++;
      } else n = base.length + (tail?.length ?? 0);
      start[t + 1] = start[t] + n;
    }
    const slots = new Int32Array(start[terms]);
    const counts = new Uint16Array(start[terms]);
    for (let t = 0; t < terms; t++) {
      let at = start[t];
      for (const list of [this.list(t), tails[t]]) {
        if (!list) continue;
        for (let i = 0; i < list.length; i++) {
          const slot = keep(list.slots[i]);
          if (slot < 0) continue;
          slots[at] = slot;
          counts[at++] = list.counts[i];
        }
      }
    }
    return new PostingBase(start, slots, counts);
  }
}

/**
 * The index of `slot` in a list (its slots ascend), searched from index `from` on: found, its
 * index; else -1 - the index of the first larger slot. Gallops (steps 1, 2, 4, … then halves), so
 * walking a list for ascending slots costs the log of the distances, not of the list's length.
 */
export function findSlot(list: PostingList, slot: number, from = 0): number {
  let lo = from;
  let step = 1;
  let hi = from;
  while (hi < list.length && list.slots[hi] < slot) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, list.length - 1);
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const s = list.slots[mid];
    if (s === slot) return mid;
    if (s < slot) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1 - lo;
}

const EMPTY: PostingList = { slots: new Int32Array(0), counts: new Uint16Array(0), length: 0 };

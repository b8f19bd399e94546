import type { PostingList } from './posting-base.js';

/** Entries per block of a term's base postings (a power of two: block b is entries [b·BLOCK, (b+1)·BLOCK)). */
export const BLOCK_SHIFT = 6;
export const BLOCK = 1 << BLOCK_SHIFT;

/**
 * For each block of one term's base postings, its largest count and its shortest document
 * (length clamped to 65535): a BM25 weight grows with the count and falls with the length, so the
 * weight of that count at that length bounds every entry's in the block, whatever the idf and
 * average length a search scores with.
 */
export interface BlockBounds {
  readonly maxCount: Uint16Array;
  readonly minLength: Uint16Array;
}

export function blockBounds(list: PostingList, lengths: ArrayLike<number>): BlockBounds {
  const blocks = (list.length + BLOCK - 1) >> BLOCK_SHIFT;
  const maxCount = new Uint16Array(blocks);
  const minLength = new Uint16Array(blocks).fill(0xffff);
  for (let i = 0; i < list.length; i++) {
    const b = i >> BLOCK_SHIFT;
    if (list.counts[i] > maxCount[b]) maxCount[b] = list.counts[i];
    const length = lengths[list.slots[i]];
    if (length < minLength[b]) minLength[b] = length;
  }
  return { maxCount, minLength };
}

import type { Bm25Hit } from './bm25-index.js';

/**
 * The `k` best slots by score (ties: the larger id first, i.e. the newer row), best first, with a
 * bounded min-heap: O(n log k) instead of sorting every match.
 */
export function topK(slots: number[], k: number, scores: Float64Array, ids: number[]): Bm25Hit[] {
  if (k <= 0 || slots.length === 0) return [];
  const worse = (a: number, b: number) => scores[a] < scores[b] || (scores[a] === scores[b] && ids[a] < ids[b]);
  const heap = boundedHeap(slots, k, worse);
  heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
  return heap.map((slot) => ({ id: ids[slot], score: scores[slot] }));
}

/** The k-th highest score among `slots` (k ≤ slots.length). */
export function kthScore(slots: number[], k: number, scores: Float64Array): number {
  return scores[boundedHeap(slots, k, (a, b) => scores[a] < scores[b])[0]];
}

/** The `k` best of `slots` in a min-heap: the worst of them first. */
function boundedHeap(slots: number[], k: number, worse: Worse): number[] {
  const heap: number[] = [];
  for (const slot of slots) {
    if (heap.length < k) {
      heap.push(slot);
      siftUp(heap, heap.length - 1, worse);
    } else if (worse(heap[0], slot)) {
      heap[0] = slot;
      siftDown(heap, 0, worse);
    }
  }
  return heap;
}

type Worse = (a: number, b: number) => boolean;

function siftUp(heap: number[], i: number, worse: Worse): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!worse(heap[i], heap[parent])) return;
    [heap[i], heap[parent]] = [heap[parent], heap[i]];
    i = parent;
  }
}

function siftDown(heap: number[], i: number, worse: Worse): void {
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let min = i;
    if (l < heap.length && worse(heap[l], heap[min])) min = l;
    if (r < heap.length && worse(heap[r], heap[min])) min = r;
    if (min === i) return;
    [heap[i], heap[min]] = [heap[min], heap[i]];
    i = min;
  }
}


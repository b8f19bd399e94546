import type { Bm25Hit } from './bm25-index.js';

/**
 * The `k` best slots by score (ties: the larger id first, i.e. the newer row), best first, with a
 * bounded min-heap: O(n log k) instead of sorting every match.
 */
export function topK(slots: number[], k: number, scores: Float64Array, ids: number[]): Bm25Hit[] {
  if (k <= 0 || slots.length === 0) return [];
  const worse = (a: number, b: number) => scores[a] < scores[b] || (scores[a] === scores[b] && ids[a] < ids[b]);
  const heap = [...bestSlots(slots, k, scores, ids)];
  heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
  return heap.map((slot) => ({ id: ids[slot], score: scores[slot] }));
}

/**
 * The `k` best of `slots` (by score, then id) in a min-heap, compared inline: it runs over every
 * match of a search (tens of thousands at a million rows).
 */
function bestSlots(slots: number[], k: number, scores: Float64Array, ids: number[]): Int32Array {
  const heap = new Int32Array(Math.min(k, slots.length));
  const size = heap.length;
  let n = 0;
  for (let s = 0; s < slots.length; s++) {
    const slot = slots[s];
    const v = scores[slot];
    if (n < size) {
      let i = n++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        const p = heap[parent];
        if (scores[p] < v || (scores[p] === v && ids[p] < ids[slot])) break;
        heap[i] = p;
        i = parent;
      }
      heap[i] = slot;
    } else if (scores[heap[0]] < v || (scores[heap[0]] === v && ids[heap[0]] < ids[slot])) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        let c = l;
        const r = l + 1;
        if (r < size && (scores[heap[r]] < scores[heap[l]] || (scores[heap[r]] === scores[heap[l]] && ids[heap[r]] < ids[heap[l]]))) c = r;
        const child = heap[c];
        if (v < scores[child] || (v === scores[child] && ids[slot] < ids[child])) break;
        heap[i] = child;
        i = c;
      }
      heap[i] = slot;
    }
  }
  return heap;
}

/**
 * The k-th highest score among `slots` (k ≤ slots.length). A search asks once per query term over
 * every document touched so far (tens of thousands at a million rows), so the heap holds the
 * scores themselves in a typed array, compared inline, rather than slots through a comparator.
 */
export function kthScore(slots: number[], k: number, scores: Float64Array): number {
  const heap = new Float64Array(k); // min-heap of the k best scores seen
  let n = 0;
  for (let s = 0; s < slots.length; s++) {
    const v = scores[slots[s]];
    if (n < k) {
      let i = n++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent] <= v) break;
        heap[i] = heap[parent];
        i = parent;
      }
      heap[i] = v;
    } else if (v > heap[0]) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= k) break;
        const c = l + 1 < k && heap[l + 1] < heap[l] ? l + 1 : l;
        if (heap[c] >= v) break;
        heap[i] = heap[c];
        i = c;
      }
      heap[i] = v;
    }
  }
  return heap[0];
}

import type { GraphFile } from './vector-ann-graph-file.js';

/**
 * usearch's HNSW search (index_gt::search: greedy descent through the upper levels, then a beam of
 * `max(expansion, wanted)` at level 0), step for step, with its candidate heap and sorted buffer
 * breaking ties as they do, over a graph read in place (GraphFile). The same graph and query give
 * the same hits in the same order; only the last bits of a distance can differ (usearch's
 * vectorized kernels round differently).
 */
export function searchGraphFile(file: GraphFile, query: Float32Array, wanted: number, expansion: number): { keys: number[]; distances: number[] } {
  const keys: number[] = [];
  const distances: number[] = [];
  if (wanted <= 0 || file.size === 0) return { keys, distances };
  const qq = file.setQuery(query);
  const dist = (slot: number) => file.distance(qq, slot);

  let closest = file.entry;
  let closestDist = dist(closest);
  for (let level = file.topLevel; level > 0; level--) {
    let changed: boolean;
    do {
      changed = false;
      for (const slot of file.upper(closest, level)) {
        const d = dist(slot);
        if (d < closestDist) {
          closestDist = d;
          closest = slot;
          changed = true;
        }
      }
    } while (changed);
  }

  const limit = Math.max(expansion, wanted);
  const visited = new Uint8Array(file.size);
  const next = new CandidateHeap();
  const top = new SortedCandidates();
  let radius = dist(closest);
  next.push(-radius, closest);
  visited[closest] = 1;
  if (file.key(closest) >= 0) top.insert(radius, closest, limit);
  while (next.size > 0) {
    if (-next.topDistance() > radius && top.size === limit) break;
    const slot = next.pop();
    for (const s of file.neighbours(slot)) {
      if (visited[s]) continue;
      visited[s] = 1;
      const d = dist(s);
      if (top.size < limit || d < radius) {
        next.push(-d, s);
        if (file.key(s) >= 0) {
          top.insert(d, s, limit);
          radius = top.last();
        }
      }
    }
  }
  for (let i = 0; i < Math.min(top.size, wanted); i++) {
    keys.push(file.key(top.slots[i]));
    distances.push(top.distances[i]);
  }
  return { keys, distances };
}

/** usearch's max_heap_gt over (−distance, slot), compared by the first only: the same sift steps, so equal distances come out in the same order. */
class CandidateHeap {
  private d: number[] = [];
  private s: number[] = [];
  size = 0;

  topDistance(): number {
    return this.d[0];
  }

  push(distance: number, slot: number): void {
    let i = this.size++;
    this.d[i] = distance;
    this.s[i] = slot;
    for (let p = (i - 1) >> 1; i > 0 && this.d[p] < this.d[i]; i = p, p = (i - 1) >> 1) this.swap(p, i);
  }

  /** Removes the largest; returns its slot. */
  pop(): number {
    const slot = this.s[0];
    this.swap(0, this.size - 1);
    this.size--;
    for (let i = 0; ;) {
      let max = i;
      const l = 2 * i + 1;
      const r = l + 1;
      if (l < this.size && this.d[max] < this.d[l]) max = l;
      if (r < this.size && this.d[max] < this.d[r]) max = r;
      if (max === i) return slot;
      this.swap(i, max);
      i = max;
    }
  }

  private swap(a: number, b: number): void {
    const d = this.d[a];
    this.d[a] = this.d[b];
    this.d[b] = d;
    const s = this.s[a];
    this.s[a] = this.s[b];
    this.s[b] = s;
  }
}

/** usearch's sorted_buffer_gt: ascending, a newcomer goes before equal distances, the last falls off at the limit. */
class SortedCandidates {
  readonly distances: number[] = [];
  readonly slots: number[] = [];
  size = 0;

  last(): number {
    return this.distances[this.size - 1];
  }

  insert(distance: number, slot: number, limit: number): void {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.distances[mid] < distance) lo = mid + 1;
      else hi = mid;
    }
    if (lo === limit) return;
    if (this.size === limit) {
      this.distances.pop();
      this.slots.pop();
    } else this.size++;
    this.distances.splice(lo, 0, distance);
    this.slots.splice(lo, 0, slot);
  }
}

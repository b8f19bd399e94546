/** Filter attributes kept beside each vector of the in-process index. */
export interface VectorAttrs {
  type: string | null;
  sessionId: string | null;
}

export interface VectorHit {
  id: string;
  score: number;
}

/**
 * Brute-force cosine search over a dense matrix of unit vectors (the fallback when the server
 * has no pgvector). Removal swaps the last row into the hole.
 */
export class ExactIndex {
  private data: Float32Array;
  private readonly ids: string[] = [];
  private readonly attrs: VectorAttrs[] = [];
  private readonly slots = new Map<string, number>();

  constructor(readonly dimensions: number) {
    this.data = new Float32Array(1024 * dimensions);
  }

  get size(): number {
    return this.ids.length;
  }

  upsert(id: string, vector: Float32Array, attrs: VectorAttrs): void {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if ((slot + 1) * this.dimensions > this.data.length) {
        const next = new Float32Array(this.data.length * 2);
        next.set(this.data);
        this.data = next;
      }
      this.ids.push(id);
      this.attrs.push(attrs);
      this.slots.set(id, slot);
    }
    this.attrs[slot] = attrs;
    let sum = 0;
    for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
    const inv = sum > 0 ? 1 / Math.sqrt(sum) : 0;
    const off = slot * this.dimensions;
    for (let i = 0; i < this.dimensions; i++) this.data[off + i] = vector[i] * inv;
  }

  remove(id: string): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    const last = this.ids.length - 1;
    if (slot !== last) {
      const d = this.dimensions;
      this.data.copyWithin(slot * d, last * d, (last + 1) * d);
      this.ids[slot] = this.ids[last];
      this.attrs[slot] = this.attrs[last];
      this.slots.set(this.ids[slot], slot);
    }
    this.ids.pop();
    this.attrs.pop();
    this.slots.delete(id);
  }

  /** Best `limit` hits by cosine similarity among entries `accept` lets through, best first. */
  search(query: Float32Array, limit: number, accept?: (attrs: VectorAttrs) => boolean): VectorHit[] {
    const d = this.dimensions;
    let norm = 0;
    for (let i = 0; i < d; i++) norm += query[i] * query[i];
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const data = this.data;
    const n = this.ids.length;
    const top: { slot: number; score: number }[] = [];
    let floor = -Infinity;
    for (let row = 0, off = 0; row < n; row++, off += d) {
      let s0 = 0, s1 = 0;
      let j = 0;
      for (; j + 1 < d; j += 2) {
        s0 += data[off + j] * query[j];
        s1 += data[off + j + 1] * query[j + 1];
      }
      if (j < d) s0 += data[off + j] * query[j];
      const score = (s0 + s1) * inv;
      if (score <= floor) continue;
      if (accept && !accept(this.attrs[row])) continue;
      let at = top.length;
      while (at > 0 && top[at - 1].score < score) at--;
      top.splice(at, 0, { slot: row, score });
      if (top.length > limit) top.pop();
      if (top.length === limit) floor = top[limit - 1].score;
    }
    return top.map((t) => ({ id: this.ids[t.slot], score: Math.max(-1, Math.min(1, t.score)) }));
  }
}

/**
 * The in-process nearest-neighbour seam. `ExactVectorIndex` is a brute-force scan; an
 * approximate index (e.g. HNSW via usearch) can replace it through `VectorIndexFactory`.
 */
export interface VectorAttrs {
  type: string | null;
  sessionId: string | null;
}

export interface VectorHit {
  id: string;
  score: number;
}

export interface VectorIndex {
  readonly dimensions: number;
  readonly size: number;
  upsert(id: string, vector: Float32Array, attrs: VectorAttrs): void;
  remove(id: string): void;
  /** Best `limit` hits by cosine similarity among entries `accept` lets through, best first. */
  search(query: Float32Array, limit: number, accept?: (attrs: VectorAttrs) => boolean): VectorHit[];
  /** A copy of every row; an approximate index is built from it (indexes without it stay exact). */
  snapshot?(): VectorSnapshot;
}

export interface VectorSnapshot {
  ids: string[];
  attrs: VectorAttrs[];
  matrix: Float32Array;
}

export type VectorIndexFactory = (dimensions: number) => VectorIndex;

export const exactIndexFactory: VectorIndexFactory = (dimensions) => new ExactVectorIndex(dimensions);

/** Unit-length copy (cosine = dot product of unit vectors). */
export function normalized(v: Float32Array): Float32Array {
  const out = new Float32Array(v.length);
  writeNormalized(v, out, 0);
  return out;
}

function writeNormalized(v: Float32Array, out: Float32Array, offset: number): void {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  const inv = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let i = 0; i < v.length; i++) out[offset + i] = v[i] * inv;
}

/** Dense row-major matrix of unit vectors; removal swaps the last row into the hole. */
export class ExactVectorIndex implements VectorIndex {
  private data: Float32Array;
  private ids: string[] = [];
  private attrs: VectorAttrs[] = [];
  private readonly slots = new Map<string, number>();

  constructor(readonly dimensions: number, capacity = 1024) {
    this.data = new Float32Array(capacity * dimensions);
  }

  get size(): number {
    return this.ids.length;
  }

  upsert(id: string, vector: Float32Array, attrs: VectorAttrs): void {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if ((slot + 1) * this.dimensions > this.data.length) this.grow();
      this.ids.push(id);
      this.attrs.push(attrs);
      this.slots.set(id, slot);
    } else {
      this.attrs[slot] = attrs;
    }
    writeNormalized(vector, this.data, slot * this.dimensions);
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

  search(query: Float32Array, limit: number, accept?: (attrs: VectorAttrs) => boolean): VectorHit[] {
    const d = this.dimensions;
    const n = this.ids.length;
    const k = Math.min(limit, n);
    if (k <= 0) return [];
    const q = normalized(query);
    const data = this.data;
    const topScores = new Float64Array(k).fill(-Infinity);
    const topSlots = new Int32Array(k).fill(-1);
    let threshold = -Infinity;
    const tail = d - (d % 4);
    for (let row = 0, off = 0; row < n; row++, off += d) {
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      let j = 0;
      for (; j < tail; j += 4) {
        s0 += data[off + j] * q[j];
        s1 += data[off + j + 1] * q[j + 1];
        s2 += data[off + j + 2] * q[j + 2];
        s3 += data[off + j + 3] * q[j + 3];
      }
      for (; j < d; j++) s0 += data[off + j] * q[j];
      const score = s0 + s1 + s2 + s3;
      if (score <= threshold) continue;
      if (accept && !accept(this.attrs[row])) continue;
      // Insertion into the small sorted top-k buffer.
      let pos = k - 1;
      while (pos > 0 && topScores[pos - 1] < score) {
        topScores[pos] = topScores[pos - 1];
        topSlots[pos] = topSlots[pos - 1];
        pos--;
      }
      topScores[pos] = score;
      topSlots[pos] = row;
      threshold = topScores[k - 1];
    }
    const hits: VectorHit[] = [];
    for (let i = 0; i < k && topSlots[i] >= 0; i++) {
      hits.push({ id: this.ids[topSlots[i]], score: Math.max(-1, Math.min(1, topScores[i])) });
    }
    return hits;
  }

  /** A copy of the rows (unit vectors, row-major), e.g. to build an approximate index from. */
  snapshot(): VectorSnapshot {
    const n = this.ids.length;
    return { ids: [...this.ids], attrs: [...this.attrs], matrix: this.data.slice(0, n * this.dimensions) };
  }

  private grow(): void {
    const next = new Float32Array(Math.max(this.data.length * 2, this.dimensions * 1024));
    next.set(this.data);
    this.data = next;
  }
}

/** A growable flat matrix of vectors with their ids (the memory vectors collected during a build). */
export class VectorMatrix {
  private data: Float32Array;
  readonly ids: string[] = [];

  constructor(readonly dimensions: number, capacity = 1024) {
    this.data = new Float32Array(capacity * dimensions);
  }

  get size(): number {
    return this.ids.length;
  }

  add(id: string, vector: Float32Array): void {
    if ((this.ids.length + 1) * this.dimensions > this.data.length) {
      const next = new Float32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data.set(vector, this.ids.length * this.dimensions);
    this.ids.push(id);
  }

  row(i: number): Float32Array {
    return this.data.subarray(i * this.dimensions, (i + 1) * this.dimensions);
  }
}

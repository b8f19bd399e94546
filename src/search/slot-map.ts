/**
 * Document id → slot. Row keys (SQLite rowids) are small, dense, non-negative integers, so while
 * they stay that way the map is one Int32Array indexed by id (4 bytes a key, against about 50-80
 * for a Map entry and its slack); an id far past the others (or not such an integer) turns it
 * into a Map for good.
 */
export class SlotMap {
  private dense: Int32Array | null = new Int32Array(0);
  private map: Map<number, number> | null = null;
  private count = 0;

  get size(): number {
    return this.map ? this.map.size : this.count;
  }

  get(id: number): number | undefined {
    if (this.map) return this.map.get(id);
    const slot = id >= 0 && id < this.dense!.length ? this.dense![id] : -1;
    return slot >= 0 ? slot : undefined;
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  set(id: number, slot: number): void {
    if (!this.map && !this.fitsDense(id)) this.toMap();
    if (this.map) {
      this.map.set(id, slot);
      return;
    }
    const dense = this.dense!;
    if (dense[id]! < 0) this.count++;
    dense[id] = slot;
  }

  delete(id: number): void {
    if (this.map) {
      this.map.delete(id);
      return;
    }
    if (this.get(id) === undefined) return;
    this.dense![id] = -1;
    this.count--;
  }

  /** Whether `id` can go into the dense array (grown as needed, to at most 4 slots per id held). */
  private fitsDense(id: number): boolean {
    if (!Number.isInteger(id) || id < 0 || id >= 2 ** 31) return false;
    const dense = this.dense!;
    if (id < dense.length) return true;
    if (id >= Math.max(4_096, 4 * (this.count + 1))) return false;
    const grown = new Int32Array(Math.max(id + 1, Math.ceil(dense.length * 1.25), 1_024)).fill(-1);
    grown.set(dense);
    this.dense = grown;
    return true;
  }

  private toMap(): void {
    const map = new Map<number, number>();
    const dense = this.dense!;
    for (let id = 0; id < dense.length; id++) if (dense[id]! >= 0) map.set(id, dense[id]!);
    this.map = map;
    this.dense = null;
  }
}

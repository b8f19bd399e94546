/** One term's occurrences: document slots in insertion order and the term's count in each. */
export class Postings {
  slots = new Int32Array(4);
  counts = new Uint16Array(4);
  length = 0;

  push(slot: number, count: number): void {
    if (this.length === this.slots.length) {
      const room = Math.max(4, this.length * 2);
      const slots = new Int32Array(room);
      slots.set(this.slots);
      this.slots = slots;
      const counts = new Uint16Array(room);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.slots[this.length] = slot;
    this.counts[this.length] = Math.min(count, 0xffff);
    this.length++;
  }

  /** Drops the room kept for growth (after a bulk load: about a third of the arrays). */
  trim(): void {
    if (this.slots.length === this.length) return;
    this.slots = this.slots.slice(0, this.length);
    this.counts = this.counts.slice(0, this.length);
  }

  /** Keeps only the entries whose slot passes, renumbered by `renumber`. */
  compact(renumber: Int32Array): void {
    let n = 0;
    for (let i = 0; i < this.length; i++) {
      const slot = renumber[this.slots[i]];
      if (slot < 0) continue;
      this.slots[n] = slot;
      this.counts[n] = this.counts[i];
      n++;
    }
    this.length = n;
  }
}

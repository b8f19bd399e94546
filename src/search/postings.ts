/** One term's occurrences: document slots in insertion order and the term's count in each. */
export class Postings {
  slots = new Int32Array(4);
  counts = new Uint16Array(4);
  length = 0;

  push(slot: number, count: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const counts = new Uint16Array(this.length * 2);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.slots[this.length] = slot;
    this.counts[this.length] = Math.min(count, 0xffff);
    this.length++;
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

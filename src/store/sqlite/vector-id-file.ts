import { closeSync, fstatSync, readSync } from 'node:fs';

interface Window {
  firstKey: number;
  firstAt: number;
  lastKey: number;
  lastNext: number;
  /** The id on the key's line in this window, or null. */
  find(key: number): string | null;
}

/** Bytes read per probe: about 100 lines of the id map. */
const WINDOW = 4096;
/** Bytes read per probe by a batch with a key every 4 KB or closer: some 1,600 lines, several of its keys. */
const DENSE_WINDOW = 65536;
/** Keys whose ids are kept once read: a server asks for the same graph nodes again and again (all of them at 10K vectors). */
const MEMO = 1 << 16;

/**
 * Key → id read from the id map part of a saved manifest ("key\tid" lines, keys ascending) with a
 * few small reads per key, instead of reading the whole map (MBs at 100K vectors: the largest part
 * of a one-shot command's memory and page faults after the graph itself). Keys are assigned in
 * order, so a key's line sits about where its value says between the first and the last key:
 * interpolation finds it in one or two reads. The file stays open (a newer save renames another
 * manifest over the path, never writes into this one) until `close()`.
 */
export class IdMapFile {
  private buf = Buffer.allocUnsafe(WINDOW);
  private readonly end: number;
  private readonly first: number;
  private readonly last: number;
  private closed = false;
  private readonly memo = new Map<number, string | undefined>();

  /** `start`: offset of the first "key\tid" line. Throws when the map is not made of such lines. */
  constructor(private readonly fd: number, private readonly start: number) {
    this.end = fstatSync(fd).size;
    if (start >= this.end) {
      // No vectors: no key is found.
      this.first = 1;
      this.last = 0;
      return;
    }
    const head = this.window(start, Math.min(this.end, start + WINDOW), true);
    const tailFrom = Math.max(start, this.end - WINDOW);
    const tail = this.window(tailFrom, this.end, tailFrom === start);
    if (!head || !tail) throw new Error('id map line longer than a read');
    this.first = head.firstKey;
    this.last = tail.lastKey;
  }

  idOf(key: number): string | undefined {
    if (this.closed) throw new Error('id map file closed');
    if (this.memo.has(key)) return this.memo.get(key);
    const id = this.read(key);
    if (this.memo.size >= MEMO) this.memo.clear();
    this.memo.set(key, id);
    return id;
  }

  /**
   * The ids of many keys (a search's hits): looked up in ascending order, a key inside the window
   * the previous one was read from is found there without another read (a one-shot search that
   * over-fetched 2,050 hits from a 50K-vector map: 2,050 reads and decodes of 4 KB, 75 ms).
   */
  idsOf(keys: readonly number[]): (string | undefined)[] {
    if (this.closed) throw new Error('id map file closed');
    const found = new Map<number, string | undefined>();
    let near: Window | null = null;
    const dense = keys.length > 0 && (this.end - this.start) / keys.length <= WINDOW;
    const bytes = dense ? DENSE_WINDOW : WINDOW;
    // A typed array sorts numbers natively (no comparator calls); NaN sorts last, duplicates are skipped.
    const sorted = Float64Array.from(keys).sort();
    for (let i = 0; i < sorted.length; i++) {
      const key = sorted[i];
      if (found.has(key)) continue;
      let id: string | undefined;
      if (this.memo.has(key)) id = this.memo.get(key);
      else {
        if (near && key >= near.firstKey && key <= near.lastKey) id = near.find(key) ?? undefined;
        else ({ id, window: near } = this.readNear(key, bytes, near));
        if (this.memo.size >= MEMO) this.memo.clear();
        this.memo.set(key, id);
      }
      found.set(key, id);
    }
    return keys.map((key) => found.get(key));
  }

  private read(key: number): string | undefined {
    return this.readNear(key, WINDOW, null).id;
  }

  /**
   * The key's id, and the last window read looking for it (null when none was read). `bytes`: the
   * read size; `after`: a window of smaller keys (the search starts past it).
   */
  private readNear(key: number, bytes: number, after: Window | null): { id: string | undefined; window: Window | null } {
    if (!(key >= this.first && key <= this.last)) return { id: undefined, window: null };
    // [lo, hi): a byte range starting and ending at line boundaries that holds the key's line if any; loKey..hiKey bound its keys.
    let lo = after && key > after.lastKey ? after.lastNext : this.start;
    let hi = this.end;
    let loKey = after && key > after.lastKey ? after.lastKey : this.first;
    let hiKey = this.last;
    if (lo >= hi) return { id: undefined, window: null };
    for (;;) {
      const guess = lo + Math.floor(((key - loKey) / Math.max(1, hiKey - loKey)) * (hi - lo));
      const from = hi - lo <= bytes ? lo : Math.max(lo, Math.min(hi - bytes, guess - (bytes >> 1)));
      const w = this.window(from, Math.min(hi, from + bytes), from === lo);
      if (!w) throw new Error('id map line longer than a read');
      const found = w.find(key);
      if (found !== null) return { id: found, window: w };
      if (key < w.firstKey) {
        hi = w.firstAt;
        hiKey = w.firstKey;
      } else if (key > w.lastKey) {
        lo = w.lastNext;
        loKey = w.lastKey;
      } else {
        return { id: undefined, window: w };
      }
      if (lo >= hi) return { id: undefined, window: w };
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  /**
   * The whole lines of [from, to) (a line cut by `from`, unless it is a line start, or by `to` is left
   * out): the keys and offsets of the first and last, and a search for one key's id among them.
   */
  private window(from: number, to: number, atLineStart: boolean): Window | null {
    if (this.buf.length < to - from) this.buf = Buffer.allocUnsafe(to - from);
    const n = readSync(this.fd, this.buf, 0, to - from, from);
    const text = (atLineStart ? '\n' : '') + this.buf.toString('latin1', 0, n);
    const base = from - (atLineStart ? 1 : 0);
    const begin = text.indexOf('\n');
    // The last whole line ends at the last newline, or at the end of the file.
    const stop = from + n === this.end && !text.endsWith('\n') ? text.length : text.lastIndexOf('\n');
    if (begin < 0 || stop <= begin + 1) return null;
    const lastStart = text.lastIndexOf('\n', stop - 1) + 1;
    let foundKey = -Infinity;
    let foundEnd = 0;
    const keyAt = (at: number) => {
      const tab = text.indexOf('\t', at);
      const nl = text.indexOf('\n', at);
      if (tab < 0 || (nl >= 0 && tab > nl)) throw new Error('malformed id map line');
      return Number(text.slice(at, tab));
    };
    return {
      firstKey: keyAt(begin + 1),
      firstAt: base + begin + 1,
      lastKey: keyAt(lastStart),
      lastNext: base + stop + 1,
      find(key: number): string | null {
        const needle = `\n${key}\t`;
        // Lines ascend by key: a key after the last one found is looked for after its line.
        const at = text.indexOf(needle, key > foundKey ? foundEnd : 0);
        if (at < 0 || at >= stop) return null;
        const end = text.indexOf('\n', at + 1);
        foundKey = key;
        foundEnd = end < 0 || end > stop ? stop : end;
        return text.slice(at + needle.length, foundEnd);
      },
    };
  }
}

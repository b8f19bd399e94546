import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { GloveTable } from './glove-table.js';
import type { WordVectors } from './word-vectors.js';

/**
 * The word-vector table laid out to be read in place: a process opens it by reading the header,
 * then looks words up with a few small reads each and reads only the rows of the words it embeds,
 * instead of decoding 38 MB and building a 341K-entry Map at start (about 0.4 s and 80 MB per
 * process or thread). A process that looks up many words reads the lookup part (about 8 MB) once.
 *
 * Layout (little-endian, every part 4-byte aligned):
 *   "MNGLOVE2", u32 count, u32 dimensions, u32 totalVocab, u32 vocabBytes, u32 slots, u32 0,
 *   f32 common[dimensions]       SIF's common component, computed from the whole table
 *   u32 offsets[count + 1]       word i is vocab[offsets[i], offsets[i+1])
 *   u32 slots[slots]             open-addressing hash (FNV-1a, linear probing): row + 1, 0 = empty
 *   vocab bytes (UTF-8), zero padding to 4
 *   rows[count]                  f32 scale, i8 values[dimensions]
 */
const MAGIC = 'MNGLOVE2';
const HEADER = 32;

interface Layout {
  count: number;
  dimensions: number;
  totalVocab: number;
  vocabBytes: number;
  slots: number;
  commonAt: number;
  offsetsAt: number;
  slotsAt: number;
  vocabAt: number;
  rowsAt: number;
  rowBytes: number;
  size: number;
}

function layout(count: number, dimensions: number, totalVocab: number, vocabBytes: number, slots: number): Layout {
  const commonAt = HEADER;
  const offsetsAt = commonAt + dimensions * 4;
  const slotsAt = offsetsAt + (count + 1) * 4;
  const vocabAt = slotsAt + slots * 4;
  const rowsAt = vocabAt + vocabBytes + ((4 - (vocabBytes % 4)) % 4);
  const rowBytes = 4 + dimensions + ((4 - (dimensions % 4)) % 4);
  return { count, dimensions, totalVocab, vocabBytes, slots, commonAt, offsetsAt, slotsAt, vocabAt, rowsAt, rowBytes, size: rowsAt + count * rowBytes };
}

function fnv1a(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

export function encodeLookupFile(table: GloveTable, common: Float32Array): Buffer {
  const encoded = table.words.map((w) => Buffer.from(w, 'utf8'));
  const vocabBytes = encoded.reduce((n, b) => n + b.length, 0);
  const slots = 2 ** Math.ceil(Math.log2(Math.max(2, table.words.length * 2)));
  const l = layout(table.words.length, table.dimensions, table.totalVocab, vocabBytes, slots);
  const out = Buffer.alloc(l.size);
  out.write(MAGIC, 0, 'latin1');
  [l.count, l.dimensions, l.totalVocab, l.vocabBytes, l.slots, 0].forEach((v, i) => out.writeUInt32LE(v, 8 + i * 4));
  for (let d = 0; d < l.dimensions; d++) out.writeFloatLE(common[d], l.commonAt + d * 4);
  let at = 0;
  encoded.forEach((b, i) => {
    out.writeUInt32LE(at, l.offsetsAt + i * 4);
    b.copy(out, l.vocabAt + at);
    at += b.length;
  });
  out.writeUInt32LE(at, l.offsetsAt + l.count * 4);
  const vocab = out.subarray(l.vocabAt, l.vocabAt + vocabBytes);
  let start = 0;
  encoded.forEach((b, row) => {
    // The first row of a word wins, as in the decoded table's index.
    for (let s = fnv1a(vocab, start, start + b.length) & (slots - 1); ; s = (s + 1) & (slots - 1)) {
      const held = out.readUInt32LE(l.slotsAt + s * 4);
      if (held === 0) {
        out.writeUInt32LE(row + 1, l.slotsAt + s * 4);
        break;
      }
      if (encoded[held - 1].equals(b)) break;
    }
    start += b.length;
  });
  for (let row = 0; row < l.count; row++) {
    const base = l.rowsAt + row * l.rowBytes;
    out.writeFloatLE(table.scales[row], base);
    Buffer.from(table.matrix.buffer, table.matrix.byteOffset + row * l.dimensions, l.dimensions).copy(out, base + 4);
  }
  return out;
}

/** Opens a lookup file; throws on anything that is not a complete one (the caller rebuilds it). */
export function openLookupFile(path: string): WordVectors {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(HEADER);
    if (readSync(fd, head, 0, HEADER, 0) !== HEADER || head.toString('latin1', 0, 8) !== MAGIC) throw new Error('bad magic');
    const [count, dimensions, totalVocab, vocabBytes, slots] = [8, 12, 16, 20, 24].map((o) => head.readUInt32LE(o));
    const l = layout(count, dimensions, totalVocab, vocabBytes, slots);
    if (fstatSync(fd).size !== l.size || (slots & (slots - 1)) !== 0) throw new Error('truncated word-vector lookup file');
    const common = new Float32Array(l.dimensions);
    if (readSync(fd, new Uint8Array(common.buffer), 0, common.byteLength, l.commonAt) !== common.byteLength) throw new Error('truncated word-vector lookup file');
    return new LookupFileReader(fd, l, common);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/** Rows and word lookups stay cached (a bulk embed meets the same frequent words again and again). */
const CACHE_LIMIT = 100_000;
/**
 * Words looked up with small reads before the lookup part is read whole: a one-shot command
 * embeds a question (tens of words); a bulk embed reaches this quickly and then reads in memory.
 */
const READS_BEFORE_LOADING = 2_000;

/** The lookup part in memory: offsets, hash slots and vocabulary. */
interface Front {
  offsets: Uint32Array;
  slots: Uint32Array;
  vocab: Buffer;
}

interface Row {
  scale: number;
  values: Int8Array;
}

class LookupFileReader implements WordVectors {
  readonly dimensions: number;
  readonly count: number;
  readonly totalVocab: number;
  private front: Front | null = null;
  private reads = 0;
  private readonly u32 = Buffer.alloc(8);
  private readonly rows = new Map<number, Row>();
  /** Word → row, -1 for a word not in the table. */
  private readonly words = new Map<string, number>();
  private top: Int8Array | null = null;

  constructor(private readonly fd: number, private readonly l: Layout, readonly common: Float32Array) {
    this.dimensions = l.dimensions;
    this.count = l.count;
    this.totalVocab = l.totalVocab;
  }

  rowOf(word: string): number | undefined {
    let row = this.words.get(word);
    if (row === undefined) {
      row = this.find(word) ?? -1;
      if (this.words.size >= CACHE_LIMIT) this.words.clear();
      this.words.set(word, row);
    }
    return row < 0 ? undefined : row;
  }

  private find(word: string): number | undefined {
    const key = Buffer.from(word, 'utf8');
    const mask = this.l.slots - 1;
    const front = this.loadedFront();
    for (let s = fnv1a(key, 0, key.length) & mask; ; s = (s + 1) & mask) {
      const held = front ? front.slots[s] : this.readU32(this.l.slotsAt + s * 4);
      if (held === 0) return undefined;
      const row = held - 1;
      const [from, to] = this.span(row);
      if (to - from !== key.length) continue;
      if (front ? front.vocab.compare(key, 0, key.length, from, to) === 0 : this.readVocab(from, to).equals(key)) return row;
    }
  }

  wordAt(row: number): string {
    const [from, to] = this.span(row);
    const front = this.front;
    return front ? front.vocab.toString('utf8', from, to) : this.readVocab(from, to).toString('utf8');
  }

  /** The lookup part, read whole once enough words were looked up with small reads. */
  private loadedFront(): Front | null {
    if (this.front || ++this.reads <= READS_BEFORE_LOADING) return this.front;
    const { l } = this;
    const bytes = new ArrayBuffer(l.rowsAt - l.offsetsAt);
    if (readSync(this.fd, new Uint8Array(bytes), 0, bytes.byteLength, l.offsetsAt) !== bytes.byteLength) throw new Error('word-vector lookup file was truncated');
    this.front = {
      offsets: new Uint32Array(bytes, 0, l.count + 1),
      slots: new Uint32Array(bytes, l.slotsAt - l.offsetsAt, l.slots),
      vocab: Buffer.from(bytes, l.vocabAt - l.offsetsAt, l.vocabBytes),
    };
    return this.front;
  }

  /** Where word `row` lies in the vocabulary bytes. */
  private span(row: number): [number, number] {
    const front = this.front;
    if (front) return [front.offsets[row], front.offsets[row + 1]];
    this.readExactly(this.u32, 8, this.l.offsetsAt + row * 4);
    return [this.u32.readUInt32LE(0), this.u32.readUInt32LE(4)];
  }

  private readU32(at: number): number {
    this.readExactly(this.u32, 4, at);
    return this.u32.readUInt32LE(0);
  }

  private readVocab(from: number, to: number): Buffer {
    const out = Buffer.alloc(to - from);
    this.readExactly(out, out.length, this.l.vocabAt + from);
    return out;
  }

  private readExactly(into: Buffer, length: number, at: number): void {
    if (length > 0 && readSync(this.fd, into, 0, length, at) !== length) throw new Error('word-vector lookup file was truncated');
  }

  addRow(row: number, weight: number, out: Float32Array): void {
    const { scale: rowScale, values } = this.row(row);
    const scale = rowScale * weight;
    for (let d = 0; d < this.dimensions; d++) out[d] += values[d] * scale;
  }

  topRows(limit: number): Int8Array {
    const n = Math.min(limit, this.count);
    if (this.top && this.top.length >= n * this.dimensions) return this.top.subarray(0, n * this.dimensions);
    const raw = Buffer.alloc(n * this.l.rowBytes);
    readSync(this.fd, raw, 0, raw.length, this.l.rowsAt);
    const top = new Int8Array(n * this.dimensions);
    for (let r = 0; r < n; r++) top.set(new Int8Array(raw.buffer, raw.byteOffset + r * this.l.rowBytes + 4, this.dimensions), r * this.dimensions);
    this.top = top;
    return top;
  }

  private row(row: number): Row {
    let cached = this.rows.get(row);
    if (!cached) {
      const buf = Buffer.alloc(this.l.rowBytes);
      if (readSync(this.fd, buf, 0, buf.length, this.l.rowsAt + row * this.l.rowBytes) !== buf.length) throw new Error('word-vector lookup file was truncated');
      cached = { scale: buf.readFloatLE(0), values: new Int8Array(buf.buffer, buf.byteOffset + 4, this.dimensions) };
      if (this.rows.size >= CACHE_LIMIT) this.rows.clear();
      this.rows.set(row, cached);
    }
    return cached;
  }
}

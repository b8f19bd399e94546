import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { type DistanceKernel, distanceKernel } from './vector-ann-distance.js';
import { roundToHalf } from './vector-ann-half.js';

/**
 * A graph saved by usearch (2.x, cosine, f16 vectors, 64-bit keys, 32-bit slots), read
 * without usearch's `view`, which walks every node to build a key table searches never use before
 * the first search (most of a one-shot recall at 1M vectors): small positioned reads of what a
 * search touches, a few thousand vectors and neighbour lists. (Reading the file whole costs more:
 * a page fault for each 4 KB of the copy, as the walk over every node faults on the mapping.)
 * The layout:
 *   u32 rows, u32 bytes per vector; the vectors; a 64-byte header ("usearch", version, metric,
 *   scalar, key and slot kinds, counts, dimensions); u64 size, connectivity, base connectivity,
 *   top level, entry slot; i16 level of every node; then every node: u64 key, i16 level, and per
 *   level from 0 up a u32 count and that level's neighbour slots.
 */
const DENSE_HEAD = 64;
const GRAPH_HEAD = 40;
const NODE_HEAD = 10;
const COSINE = 'c'.charCodeAt(0);
const F16 = 12;
const U64 = 14;
const U32 = 15;

export class GraphFile {
  /** Nodes, removed ones included (slots run from 0 to this). */
  readonly size: number;
  /** Vectors present (usearch's size: nodes less removed ones). */
  readonly present: number;
  readonly dimensions: number;
  readonly entry: number;
  readonly topLevel: number;
  private readonly rowBytes: number;
  private readonly nodesAt: number;
  private readonly baseBytes: number;
  private readonly upperBytes: number;
  /**
   * The slots of the nodes above level 0 (about one in M, ascending) and the sum of the levels
   * before each: with a slot, they give its node's offset.
   */
  private readonly raised: Int32Array;
  private readonly raisedBefore: Float64Array;
  private scratch = new Uint8Array(DENSE_HEAD + GRAPH_HEAD);
  private scratchView = new DataView(this.scratch.buffer);
  /**
   * The query, then the vectors read so far (a recall's searches visit much the same region), in
   * the distance kernel's memory; `pooled[slot]` holds 1 + the vector's index there.
   */
  private readonly kernel: DistanceKernel;
  private memory: Uint8Array;
  private readonly poolAt: number;
  private readonly pooled: Int32Array;
  private pooledCount = 0;
  /** Per node read: key (or -1 when removed), neighbour count, level-0 neighbours; `nodeIndex[slot]` 1 + its index. */
  private nodePool: Float64Array;
  private readonly nodeIndex: Int32Array;
  private nodeCount = 0;
  private closed = false;

  private constructor(private readonly fd: number, path: string) {
    const fail = (why: string): never => { throw new Error(`${path}: ${why}`); };
    const fileBytes = fstatSync(fd).size;
    const dv = this.bytes(8, 0);
    const rows = dv.getUint32(0, true);
    this.rowBytes = dv.getUint32(4, true);
    const denseAt = 8 + rows * this.rowBytes;
    const d = this.bytes(DENSE_HEAD + GRAPH_HEAD, denseAt);
    const magic = String.fromCharCode(...Array.from({ length: 7 }, (_, i) => d.getUint8(i)));
    if (magic !== 'usearch' || d.getUint16(7, true) !== 2) fail('not a usearch 2 index');
    const [metric, scalar, key, slot] = [d.getUint8(13), d.getUint8(14), d.getUint8(15), d.getUint8(16)];
    // Others (an f32 graph an older version saved) are left to usearch's view.
    if (metric !== COSINE || scalar !== F16 || key !== U64 || slot !== U32) fail('unsupported index kind');
    this.dimensions = Number(d.getBigUint64(33, true));
    if (this.rowBytes !== this.dimensions * 2) fail('vector size does not match the dimensions');
    this.size = Number(d.getBigUint64(DENSE_HEAD, true));
    const connectivity = Number(d.getBigUint64(DENSE_HEAD + 8, true));
    const base = Number(d.getBigUint64(DENSE_HEAD + 16, true));
    this.topLevel = Number(d.getBigUint64(DENSE_HEAD + 24, true));
    this.entry = Number(d.getBigUint64(DENSE_HEAD + 32, true));
    this.present = Number(d.getBigUint64(17, true));
    const removed = Number(d.getBigUint64(25, true));
    if (this.size !== rows || this.present + removed !== rows || (this.size > 0 && this.entry >= this.size)) fail('graph header does not fit its vectors');
    this.baseBytes = 4 + base * 4;
    this.upperBytes = 4 + connectivity * 4;
    const levelsAt = denseAt + DENSE_HEAD + GRAPH_HEAD;
    this.kernel = distanceKernel();
    this.poolAt = this.dimensions * 8;
    // The levels (2 bytes a node) go where the vector pool will be, and are scanned there.
    const outAt = this.poolAt + align4(this.size * 2);
    this.memory = this.reserve(outAt + this.size * 4);
    if (this.size > 0) this.readInto(this.memory.subarray(this.poolAt, this.poolAt + this.size * 2), levelsAt);
    const count = this.kernel.raised(this.poolAt, this.size, outAt);
    this.raised = new Int32Array(this.memory.buffer.slice(outAt, outAt + count * 4));
    const levels = new Int16Array(this.memory.buffer, this.poolAt, this.size);
    this.raisedBefore = new Float64Array(count + 1);
    for (let i = 0; i < count; i++) {
      const level = levels[this.raised[i]];
      if (level < 0 || level > this.topLevel) fail('a node has a level outside the graph');
      this.raisedBefore[i + 1] = this.raisedBefore[i] + level;
    }
    this.nodesAt = levelsAt + this.size * 2;
    const end = this.nodesAt + this.size * (NODE_HEAD + this.baseBytes) + this.raisedBefore[count] * this.upperBytes;
    if (fileBytes !== end) fail('file does not have the length its header implies');
    this.scratch = new Uint8Array(Math.max(this.rowBytes, NODE_HEAD + this.baseBytes, this.upperBytes));
    this.scratchView = new DataView(this.scratch.buffer);
    this.pooled = new Int32Array(this.size);
    this.nodeIndex = new Int32Array(this.size);
    this.nodePool = new Float64Array(1024 * (2 + base));
  }

  /** Null when the file is not a graph this reader supports (usearch's own view can still open it). */
  static open(path: string): GraphFile | null {
    const fd = openSync(path, 'r');
    try {
      return new GraphFile(fd, path);
    } catch (err) {
      closeSync(fd);
      if (/unsupported index kind/.test((err as Error).message)) return null;
      throw err;
    }
  }

  /** Closes the file: no more searches. */
  close(): void {
    if (!this.closed) closeSync(this.fd);
    this.closed = true;
  }

  /** Sets the query of the next distances (cast to f16 as usearch casts it); returns its squared norm. */
  setQuery(query: Float32Array): number {
    if (query.length !== this.dimensions) throw new Error(`query has ${query.length} dimensions, the graph ${this.dimensions}`);
    const q = new Float64Array(this.kernel.memory.buffer, 0, query.length);
    let qq = 0;
    for (let i = 0; i < query.length; i++) {
      q[i] = roundToHalf(query[i]);
      qq += q[i] * q[i];
    }
    return qq;
  }

  /** Cosine distance between the query (`qq`: its squared norm) and the vector in `slot`, as usearch computes it (up to rounding). */
  distance(qq: number, slot: number): number {
    return this.kernel.distance(this.vectorAt(slot), this.dimensions, qq);
  }

  /** The key of a node, or -1 for a removed entry (keys are sequential, far below 2^53). */
  key(slot: number): number {
    return this.nodePool[this.node(slot)];
  }

  /** The level-0 neighbour slots of a node. */
  neighbours(slot: number): Float64Array {
    const at = this.node(slot);
    return this.nodePool.subarray(at + 2, at + 2 + this.nodePool[at + 1]);
  }

  /** Neighbour slots of a node at a level above 0. */
  upper(slot: number, level: number): number[] {
    if (level > this.levelOf(slot)) return [];
    const at = this.nodeAt(slot) + NODE_HEAD + this.baseBytes + (level - 1) * this.upperBytes;
    const out: number[] = [];
    this.slots(this.bytes(this.upperBytes, at), this.upperBytes, (s) => out.push(s));
    return out;
  }

  /** What readAllVectors() reads. */
  get vectorBytes(): number {
    return this.size * this.rowBytes;
  }

  /**
   * Reads every vector into the pool at once, each at its slot's place: for a search whose beam
   * visits a large part of the graph, one read instead of one per vector.
   */
  readAllVectors(): void {
    if (this.closed) throw new Error('graph file closed');
    if (this.pooledCount === this.size) return;
    const bytes = this.size * this.rowBytes;
    if (this.poolAt + bytes > this.memory.length) this.memory = this.reserve(this.poolAt + bytes);
    this.readInto(this.memory.subarray(this.poolAt, this.poolAt + bytes), 8);
    for (let slot = 0; slot < this.size; slot++) this.pooled[slot] = slot + 1;
    this.pooledCount = this.size;
  }

  /** The vector's byte offset in the kernel's memory (read into it on first use). */
  private vectorAt(slot: number): number {
    const known = this.pooled[slot];
    if (known > 0) return this.poolAt + (known - 1) * this.rowBytes;
    const at = this.poolAt + this.pooledCount * this.rowBytes;
    if (at + this.rowBytes > this.memory.length) this.memory = this.reserve(Math.max(at + this.rowBytes, this.memory.length * 2));
    if (this.closed) throw new Error('graph file closed');
    this.readInto(this.memory.subarray(at, at + this.rowBytes), 8 + slot * this.rowBytes);
    this.pooled[slot] = ++this.pooledCount;
    return at;
  }

  /** The kernel's memory, grown to at least `bytes`. */
  private reserve(bytes: number): Uint8Array {
    const memory = this.kernel.memory;
    const short = bytes - memory.buffer.byteLength;
    if (short > 0) memory.grow(Math.ceil(short / 65536));
    return new Uint8Array(memory.buffer);
  }

  /** Reads a node's key and level-0 neighbours into the pool (once); returns its offset there. */
  private node(slot: number): number {
    const stride = 2 + (this.baseBytes - 4) / 4;
    const known = this.nodeIndex[slot];
    if (known > 0) return (known - 1) * stride;
    const bytes = this.bytes(NODE_HEAD + this.baseBytes, this.nodeAt(slot));
    const lo = bytes.getUint32(0, true);
    const hi = bytes.getUint32(4, true);
    if ((this.nodeCount + 1) * stride > this.nodePool.length) this.nodePool = grow(this.nodePool);
    const at = this.nodeCount * stride;
    const pool = this.nodePool;
    pool[at] = lo === 0xffffffff && hi === 0xffffffff ? -1 : hi * 2 ** 32 + lo;
    let n = 0;
    this.slots(new DataView(bytes.buffer, bytes.byteOffset + NODE_HEAD), this.baseBytes, (s) => { pool[at + 2 + n++] = s; });
    pool[at + 1] = n;
    this.nodeIndex[slot] = ++this.nodeCount;
    return at;
  }

  /** A neighbour list (u32 count, then slots) of at most `room` bytes, checked. */
  private slots(list: DataView, room: number, each: (slot: number) => void): void {
    const count = list.getUint32(0, true);
    if (4 + count * 4 > room) throw new Error('graph node holds more neighbours than it has room for');
    for (let i = 0; i < count; i++) {
      const s = list.getUint32(4 + i * 4, true);
      if (s >= this.size) throw new Error('graph names a node it does not hold');
      each(s);
    }
  }

  private nodeAt(slot: number): number {
    return this.nodesAt + slot * (NODE_HEAD + this.baseBytes) + this.raisedBefore[this.raisedIndex(slot)] * this.upperBytes;
  }

  private levelOf(slot: number): number {
    const i = this.raisedIndex(slot);
    return this.raised[i] === slot ? this.raisedBefore[i + 1] - this.raisedBefore[i] : 0;
  }

  /** How many raised nodes come before `slot` (binary search). */
  private raisedIndex(slot: number): number {
    let lo = 0;
    let hi = this.raised.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.raised[mid] < slot) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** `length` bytes at `position`, as a view valid until the next call. */
  private bytes(length: number, position: number): DataView {
    if (this.closed) throw new Error('graph file closed');
    this.readInto(this.scratch.subarray(0, length), position);
    return this.scratchView;
  }

  private readInto(into: Uint8Array, position: number): Uint8Array {
    if (readSync(this.fd, into, 0, into.length, position) !== into.length) throw new Error('graph file is cut short');
    return into;
  }
}

const align4 = (n: number) => (n + 3) & ~3;

function grow(pool: Float64Array): Float64Array {
  const bigger = new Float64Array(pool.length * 2);
  bigger.set(pool);
  return bigger;
}

import { closeSync, copyFileSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * Copies a graph saved by usearch (2.x, 64-bit keys, 32-bit slots; any metric and scalar) to
 * `dest` with the vector bytes of some nodes overwritten: every removed node (usearch's `remove`
 * keeps its bytes; its key is gone, so whose they were is unknown) and every node whose key
 * `erase` names. A node keeps its place and neighbours (searches may still route through it), so
 * its bytes become those of a kept level-0 neighbour (or of some kept node): nearby, and never a
 * zero vector, whose cosine distance is undefined. Throws when the file is not such a graph or its
 * removed-node count disagrees with its keys. Returns how many nodes were overwritten. The layout
 * is vector-ann-graph-file.ts's.
 */
export function copyGraphErasing(src: string, dest: string, erase: (key: number) => boolean): number {
  const fd = openSync(src, 'r');
  let out: number | null = null;
  try {
    const plan = erasePlan(fd, erase);
    copyFileSync(src, dest);
    if (plan.length === 0) return 0;
    out = openSync(dest, 'r+');
    const row = Buffer.alloc(plan.rowBytes);
    for (const [slot, from] of plan.replace) {
      readExactly(fd, row, 8 + from * plan.rowBytes);
      if (writeSync(out, row, 0, row.length, 8 + slot * plan.rowBytes) !== row.length) throw new Error('short write');
    }
    return plan.length;
  } finally {
    closeSync(fd);
    if (out !== null) closeSync(out);
  }
}

const DENSE_HEAD = 64;
const GRAPH_HEAD = 40;
const NODE_HEAD = 10;
const U64 = 14;
const U32 = 15;
const CHUNK = 1 << 22;

interface Plan {
  rowBytes: number;
  length: number;
  /** Slot to overwrite, slot whose vector it takes. */
  replace: [number, number][];
}

function erasePlan(fd: number, erase: (key: number) => boolean): Plan {
  const fileBytes = fstatSync(fd).size;
  const head = Buffer.alloc(8);
  readExactly(fd, head, 0);
  const rows = head.readUInt32LE(0);
  const rowBytes = head.readUInt32LE(4);
  const denseAt = 8 + rows * rowBytes;
  const d = Buffer.alloc(DENSE_HEAD + GRAPH_HEAD);
  readExactly(fd, d, denseAt);
  if (d.toString('latin1', 0, 7) !== 'usearch' || d.readUInt16LE(7) !== 2) throw new Error('not a usearch 2 index');
  if (d.readUInt8(15) !== U64 || d.readUInt8(16) !== U32) throw new Error('unsupported key or slot kind');
  const removedCount = Number(d.readBigUInt64LE(25));
  const size = Number(d.readBigUInt64LE(DENSE_HEAD));
  const connectivity = Number(d.readBigUInt64LE(DENSE_HEAD + 8));
  const base = Number(d.readBigUInt64LE(DENSE_HEAD + 16));
  if (size !== rows) throw new Error('graph header does not fit its vectors');
  const levels = Buffer.alloc(size * 2);
  const levelsAt = denseAt + DENSE_HEAD + GRAPH_HEAD;
  if (size > 0) readExactly(fd, levels, levelsAt);
  const baseBytes = 4 + base * 4;
  const upperBytes = 4 + connectivity * 4;
  const erased = new Uint8Array(size);
  const neighbours = new Map<number, number[]>();
  let removed = 0;
  const reader = chunkReader(fd);
  let at = levelsAt + size * 2;
  for (let slot = 0; slot < size; slot++) {
    const node = reader(at, NODE_HEAD + baseBytes);
    const lo = node.readUInt32LE(0);
    const hi = node.readUInt32LE(4);
    const isRemoved = lo === 0xffffffff && hi === 0xffffffff;
    if (isRemoved) removed++;
    if (isRemoved || erase(hi * 2 ** 32 + lo)) {
      erased[slot] = 1;
      const count = node.readUInt32LE(NODE_HEAD);
      if (4 + count * 4 > baseBytes) throw new Error('graph node holds more neighbours than it has room for');
      neighbours.set(slot, Array.from({ length: count }, (_, i) => node.readUInt32LE(NODE_HEAD + 4 + i * 4)));
    }
    const level = levels.readInt16LE(slot * 2);
    if (level < 0 || node.readInt16LE(8) !== level) throw new Error('a node\'s level disagrees with the level table');
    at += NODE_HEAD + baseBytes + level * upperBytes;
  }
  if (at !== fileBytes) throw new Error('file does not have the length its header implies');
  if (removed !== removedCount) throw new Error(`graph header counts ${removedCount} removed nodes, its keys ${removed}`);
  const replace: [number, number][] = [];
  if (neighbours.size === 0) return { rowBytes, length: 0, replace };
  const anyKept = erased.indexOf(0);
  if (anyKept < 0) throw new Error('no node of the graph is kept');
  for (const [slot, list] of neighbours) {
    const near = list.find((s) => s < size && erased[s] === 0);
    replace.push([slot, near ?? anyKept]);
  }
  return { rowBytes, length: replace.length, replace };
}

/** Reads `length` bytes at ascending positions through one large buffer. */
function chunkReader(fd: number): (position: number, length: number) => Buffer {
  let buf = Buffer.alloc(CHUNK);
  let start = 0;
  let end = 0;
  return (position, length) => {
    if (position < start || position + length > end) {
      if (length > buf.length) buf = Buffer.alloc(length);
      const n = readSync(fd, buf, 0, buf.length, position);
      if (n < length) throw new Error('graph file is cut short');
      start = position;
      end = position + n;
    }
    return buf.subarray(position - start, position - start + length);
  };
}

function readExactly(fd: number, into: Buffer, position: number): void {
  if (readSync(fd, into, 0, into.length, position) !== into.length) throw new Error('graph file is cut short');
}

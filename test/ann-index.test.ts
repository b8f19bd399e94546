import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AnnIndex } from '../src/vector/ann-index.js';
import { exactTopK } from '../src/vector/exact-search.js';
import { AdaptiveVectorIndex } from '../src/vector/adaptive-vector-index.js';
import { HnswVectorIndex, type VectorIndexLike } from '../src/vector/hnsw-vector-index.js';

const dir = mkdtempSync(join(tmpdir(), 'mnemo-ann-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DIMS = 16;
function unitVector(seed: number): Float32Array {
  const v = Float32Array.from({ length: DIMS }, (_, i) => Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453 % 1);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

describe('AnnIndex', () => {
  it('adds, replaces, removes and searches by cosine', () => {
    const ann = new AnnIndex({ dimensions: DIMS });
    for (let i = 0; i < 200; i++) ann.add(i, unitVector(i));
    expect(ann.size).toBe(200);
    expect(Number(ann.search(unitVector(7), 1)[0].key)).toBe(7);
    expect(ann.search(unitVector(7), 1)[0].distance).toBeCloseTo(0, 4);

    ann.add(7, unitVector(1000)); // replace
    expect(ann.size).toBe(200);
    expect(Number(ann.search(unitVector(1000), 1)[0].key)).toBe(7);

    expect(ann.remove(7)).toBe(true);
    expect(ann.remove(7)).toBe(false);
    expect(ann.size).toBe(199);
    expect(ann.search(unitVector(1000), 5).map((m) => Number(m.key))).not.toContain(7);
  });

  it('filters by over-fetching until k keys pass', () => {
    const ann = new AnnIndex({ dimensions: DIMS });
    for (let i = 0; i < 500; i++) ann.add(i, unitVector(i));
    const rare = (key: bigint): boolean => key % 97n === 0n; // 6 of 500 pass
    const found = ann.search(unitVector(3), 5, rare).map((m) => Number(m.key));
    expect(found).toHaveLength(5);
    expect(found.every((k) => k % 97 === 0)).toBe(true);
    expect(ann.search(unitVector(3), 10, () => false)).toEqual([]);
  });

  it('agrees with exact search on a small set', () => {
    const n = 1000;
    const matrix = new Float32Array(n * DIMS);
    const ann = new AnnIndex({ dimensions: DIMS });
    for (let i = 0; i < n; i++) {
      matrix.set(unitVector(i), i * DIMS);
      ann.add(i, unitVector(i));
    }
    const query = unitVector(123456);
    const exact = exactTopK(matrix, DIMS, query, 10).map((m) => m.row);
    const approx = ann.search(query, 10).map((m) => Number(m.key));
    expect(approx.filter((k) => exact.includes(k)).length).toBeGreaterThanOrEqual(9);
  });

  it('saves atomically and loads back', async () => {
    const ann = new AnnIndex({ dimensions: DIMS, quantization: 'i8' });
    for (let i = 0; i < 50; i++) ann.add(BigInt(i), unitVector(i));
    const path = join(dir, 'plain.usearch');
    await ann.save(path);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const loaded = AnnIndex.load(path, { dimensions: DIMS, quantization: 'i8' });
    expect(loaded.size).toBe(50);
    expect(Number(loaded.search(unitVector(9), 1)[0].key)).toBe(9);
    expect(() => AnnIndex.load(path, { dimensions: DIMS + 1 })).toThrow();
  });
});

type Attrs = { type: string };

class TinyExact implements VectorIndexLike<Attrs> {
  readonly rows = new Map<string, { vector: Float32Array; attrs: Attrs }>();
  constructor(readonly dimensions: number) {}
  get size(): number { return this.rows.size; }
  upsert(id: string, vector: Float32Array, attrs: Attrs): void { this.rows.set(id, { vector, attrs }); }
  remove(id: string): void { this.rows.delete(id); }
  search(q: Float32Array, limit: number, accept?: (a: Attrs) => boolean): { id: string; score: number }[] {
    return [...this.rows].filter(([, r]) => !accept || accept(r.attrs))
      .map(([id, r]) => ({ id, score: r.vector.reduce((s, v, i) => s + v * q[i], 0) }))
      .sort((a, b) => b.score - a.score).slice(0, limit);
  }
}

describe('HnswVectorIndex', () => {
  it('saves graphs at half precision by default, and still opens one an earlier version saved as f32', () => {
    const dims = 128;
    const vector = (seed: number) => Float32Array.from({ length: dims }, (_, i) => Math.sin(seed * 7.31 + i * 1.7));
    const old = new AnnIndex({ dimensions: dims, quantization: 'f32' });
    const current = new AnnIndex({ dimensions: dims });
    for (let i = 0; i < 300; i++) {
      old.add(i, vector(i));
      current.add(i, vector(i));
    }
    const oldPath = join(dir, 'saved-as-f32.usearch');
    const currentPath = join(dir, 'saved-by-default.usearch');
    old.saveSync(oldPath);
    current.saveSync(currentPath);
    expect(statSync(currentPath).size).toBeLessThan(0.75 * statSync(oldPath).size);
    const query = vector(12345);
    expect(current.search(query, 10).map((m) => Number(m.key))).toEqual(old.search(query, 10).map((m) => Number(m.key)));
    // Opened as the f32 it is: the very same distances, not rounded to f16.
    for (const opened of [AnnIndex.load(oldPath, { dimensions: dims }), AnnIndex.view(oldPath, { dimensions: dims })]) {
      expect(opened.search(query, 10)).toEqual(old.search(query, 10));
    }
  });

  it('maps string ids to keys, filters by attributes and persists', async () => {
    const index = HnswVectorIndex.create<Attrs>({ dimensions: DIMS });
    const typeOf = (i: number): Attrs => ({ type: i % 3 === 0 ? 'fact' : 'event' });
    for (let i = 0; i < 30; i++) index.upsert(`mem-${i}`, unitVector(i), typeOf(i));
    index.upsert('mem-3', unitVector(3), typeOf(3)); // idempotent upsert
    index.remove('mem-4');
    index.remove('never-added');
    expect(index.size).toBe(29);
    const top = index.search(unitVector(5), 3);
    expect(top[0].id).toBe('mem-5');
    expect(top[0].score).toBeCloseTo(1, 4);
    const facts = index.search(unitVector(5), 3, (a) => a.type === 'fact');
    expect(facts).toHaveLength(3);
    expect(facts.every((h) => Number(h.id.slice(4)) % 3 === 0)).toBe(true);

    const path = join(dir, 'memories.usearch');
    await index.save(path);
    expect(existsSync(`${path}.ids`)).toBe(true);
    const loaded = await HnswVectorIndex.load<Attrs>(path, { dimensions: DIMS }, (id) => typeOf(Number(id.slice(4))));
    expect(loaded.size).toBe(29);
    expect(loaded.search(unitVector(20), 1)[0].id).toBe('mem-20');
    expect(loaded.search(unitVector(20), 1, (a) => a.type === 'fact')[0].id).not.toBe('mem-20');
    loaded.upsert('mem-new', unitVector(999), { type: 'fact' }); // fresh key, no collision
    expect(loaded.search(unitVector(999), 1)[0].id).toBe('mem-new');
    expect(loaded.search(unitVector(29), 1)[0].id).toBe('mem-29');

    await expect(HnswVectorIndex.load<Attrs>(path, { dimensions: DIMS }, () => undefined)).rejects.toThrow(/does not/);
    writeFileSync(`${path}.ids`, 'mnemo-idmap 1 5\n1\tmem-0\n');
    await expect(HnswVectorIndex.load<Attrs>(path, { dimensions: DIMS }, typeOf.bind(null, 0))).rejects.toThrow(/out of sync/);
  });
});

describe('AdaptiveVectorIndex', () => {
  it('searches exactly below the threshold and switches to HNSW at it', () => {
    const index = new AdaptiveVectorIndex<Attrs>(new TinyExact(DIMS), { threshold: 100 });
    for (let i = 0; i < 99; i++) index.upsert(`m${i}`, unitVector(i), { type: 'fact' });
    index.remove('m5');
    expect(index.isApproximate).toBe(false);
    const before = index.search(unitVector(7), 5).map((h) => h.id);
    index.upsert('m5', unitVector(5), { type: 'event' });
    index.upsert('m99', unitVector(99), { type: 'fact' });
    expect(index.isApproximate).toBe(true);
    expect(index.size).toBe(100);
    // Approximate from here on: the same nearest one, and nearly the same five.
    const after = index.search(unitVector(7), 5).map((h) => h.id);
    expect(after[0]).toBe('m7');
    expect(after.filter((id) => before.includes(id)).length).toBeGreaterThanOrEqual(4);
    expect(index.search(unitVector(7), 5, (a) => a.type === 'event').map((h) => h.id)).toEqual(['m5']);
    index.remove('m7');
    expect(index.search(unitVector(7), 1)[0].id).not.toBe('m7');
    expect(index.dimensions).toBe(DIMS);
  });
});

import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AnnIndex } from '../src/vector/ann-index.js';
import { exactTopK } from '../src/vector/exact-search.js';
import { IdVectorIndex } from '../src/vector/id-vector-index.js';

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

describe('IdVectorIndex', () => {
  it('maps string ids to keys and persists both files', async () => {
    const index = IdVectorIndex.create({ dimensions: DIMS });
    for (let i = 0; i < 30; i++) index.upsert(`mem-${i}`, unitVector(i));
    index.upsert('mem-3', unitVector(3)); // idempotent upsert
    expect(index.remove('mem-4')).toBe(true);
    expect(index.size).toBe(29);
    const top = index.search(unitVector(5), 3);
    expect(top[0].id).toBe('mem-5');
    expect(top[0].similarity).toBeCloseTo(1, 4);
    expect(index.search(unitVector(5), 3, (id) => id !== 'mem-5')[0].id).not.toBe('mem-5');

    const path = join(dir, 'memories.usearch');
    await index.save(path);
    expect(existsSync(`${path}.ids`)).toBe(true);
    const loaded = await IdVectorIndex.load(path, { dimensions: DIMS });
    expect(loaded.size).toBe(29);
    expect(loaded.has('mem-4')).toBe(false);
    expect(loaded.search(unitVector(20), 1)[0].id).toBe('mem-20');
    loaded.upsert('mem-new', unitVector(999)); // fresh key, no collision with persisted ones
    expect(loaded.search(unitVector(999), 1)[0].id).toBe('mem-new');
    expect(loaded.search(unitVector(29), 1)[0].id).toBe('mem-29');

    writeFileSync(`${path}.ids`, 'mnemo-idmap 1 5\n1\tmem-0\n');
    await expect(IdVectorIndex.load(path, { dimensions: DIMS })).rejects.toThrow(/out of sync/);
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GraphFileIndex } from '../src/store/sqlite/vector-ann-file-index.js';
import { searchGraphFile } from '../src/store/sqlite/vector-ann-file-search.js';
import { GraphFile } from '../src/store/sqlite/vector-ann-graph-file.js';
import { AnnIndex } from '../src/vector/ann-index.js';

const dir = mkdtempSync(join(tmpdir(), 'mnemo-ann-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DIMS = 24;
function vector(seed: number): Float32Array {
  const v = Float32Array.from({ length: DIMS }, (_, i) => (Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453) % 1);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

function saved(name: string, count: number, quantization: 'f16' | 'f32' = 'f16', removed: number[] = []): string {
  const ann = new AnnIndex({ dimensions: DIMS, quantization });
  for (let i = 0; i < count; i++) ann.add(i + 1, vector(i));
  for (const key of removed) ann.remove(key);
  const path = join(dir, name);
  ann.saveSync(path);
  return path;
}

describe('a saved HNSW graph searched from its file', () => {
  const path = saved('graph.usearch', 3000, 'f16', [5, 77, 1500]);
  const mapped = AnnIndex.view(path, { dimensions: DIMS });

  it('finds what usearch finds, in the same order', () => {
    const file = GraphFileIndex.open(path, DIMS)!;
    expect(file.size).toBe(mapped.size);
    for (let i = 0; i < 40; i++) {
      const query = vector(10_000 + i);
      for (const k of [1, 10, 150]) expect(file.searchKeys(query, k).keys).toEqual(mapped.searchKeys(query, k).keys);
    }
    file.close();
  });

  it('gives the same hits and distances when a wide beam reads every vector at once', () => {
    const narrow = GraphFile.open(path)!;
    const wide = GraphFile.open(path)!;
    for (let i = 0; i < 20; i++) {
      const query = vector(20_000 + i);
      // The first searches pool vectors one by one; then every vector is read at its slot's place.
      if (i === 5) wide.readAllVectors();
      for (const k of [10, 200]) {
        const a = searchGraphFile(narrow, query, k, 96);
        const b = searchGraphFile(wide, query, k, 96);
        expect(b.keys, `query ${i}, k ${k}`).toEqual(a.keys);
        expect(b.distances).toEqual(a.distances);
      }
    }
    narrow.close();
    wide.close();
    expect(() => wide.readAllVectors()).toThrow(/closed/);
  });

  it('never returns a removed key, and finds a stored vector first', () => {
    const file = GraphFileIndex.open(path, DIMS)!;
    const hits = file.searchKeys(vector(4), 3000);
    expect(hits.keys).not.toContain(5);
    expect(hits.keys).not.toContain(1500);
    expect(file.searchKeys(vector(41), 1).keys).toEqual([42]);
    expect(file.searchKeys(vector(41), 1).distances[0]).toBeCloseTo(0, 3);
    file.close();
  });

  it('refuses a file cut short or of other dimensions, and leaves an f32 graph to usearch', () => {
    const cut = join(dir, 'cut.usearch');
    const bytes = readFileSync(path);
    writeFileSync(cut, bytes.subarray(0, bytes.length - 100));
    expect(() => GraphFileIndex.open(cut, DIMS)).toThrow(/length/);
    expect(() => GraphFileIndex.open(path, DIMS + 1)).toThrow(/dimensions/);
    expect(GraphFileIndex.open(saved('f32.usearch', 50, 'f32'), DIMS)).toBeNull();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGloveTable } from '../src/models/embedders/glove/glove-cache.js';
import { GloveVariantEmbedder as GloveEmbedder } from '../src/models/embedders/glove/glove-variant-embedder.js';
import type { GloveTable } from '../src/models/embedders/glove/glove-table.js';
import { ownDirections } from '../src/models/embedders/glove/own-directions.js';
import { principalDirections, removeDirections } from '../src/models/embedders/glove/principal-components.js';
import { commonDirection, sifWeights } from '../src/models/embedders/glove/sif-weights.js';
import { dot } from '../src/models/embedders/vector-math.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'mnemo-glove-math-'));
let table: GloveTable;
beforeAll(async () => {
  table = (await loadGloveTable({ cacheDir, maxWords: 60_000 })).table;
});
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('GloVe sentence math variants', () => {
  it('keeps the shipped id for the default math, so existing profiles are not re-embedded', () => {
    expect(new GloveEmbedder(table).id).toBe('glove-wink-100d-int8@1');
    const ids = [{ components: 2 }, { sifA: 1e-4 }, { keepCommon: true }].map((m) => new GloveEmbedder(table, '', m).id);
    expect(new Set([...ids, 'glove-wink-100d-int8@1']).size).toBe(4);
  });

  it('removes directions: every sentence vector is orthogonal to the common and principal ones', async () => {
    const weights = sifWeights(table.words.length, table.totalVocab);
    const common = commonDirection(table, weights);
    const pcs = principalDirections(table, weights, common, 3);
    expect(pcs).toHaveLength(3);
    for (const [i, u] of pcs.entries()) {
      expect(dot(u, u)).toBeCloseTo(1, 4);
      expect(Math.abs(dot(u, common))).toBeLessThan(1e-3);
      for (const v of pcs.slice(i + 1)) expect(Math.abs(dot(u, v))).toBeLessThan(1e-3);
    }
    const [v] = await new GloveEmbedder(table, '', { components: 3 }).embed(['the hiking trail was muddy after the rain']);
    for (const u of [common, ...pcs]) expect(Math.abs(dot(v!, u))).toBeLessThan(1e-4);
    const [plain] = await new GloveEmbedder(table, '', { keepCommon: true }).embed(['the hiking trail was muddy after the rain']);
    expect(Math.abs(dot(plain!, common))).toBeGreaterThan(0.05);
  });

  it('finds the dominant direction of a set of texts, and removing it leaves nothing along it', () => {
    const axis = new Float32Array(100).map((_, i) => (i === 7 ? 1 : 0));
    const vectors = Array.from({ length: 50 }, (_, n) => new Float32Array(100).map((_, i) => (i === 7 ? 3 : Math.sin(n * 31 + i) * 0.3)));
    const [top] = ownDirections(vectors, 1);
    expect(Math.abs(dot(top!, axis))).toBeGreaterThan(0.95);
    const v = Float32Array.from(vectors[0]!);
    removeDirections(v, [top!]);
    expect(Math.abs(dot(v, top!))).toBeLessThan(1e-5);
    expect(ownDirections([], 2)).toEqual([]);
  });
});

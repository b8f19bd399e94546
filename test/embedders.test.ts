import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../src/models/embedder.js';
import { createCachedEmbedder, type EmbeddingCache } from '../src/models/embedders/cached-embedder.js';
import { GloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';
import { loadGloveTable } from '../src/models/embedders/glove/glove-cache.js';
import { HashingEmbedder } from '../src/models/embedders/hashing-embedder.js';
import { dot } from '../src/models/embedders/vector-math.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'mnemo-glove-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const norm = (v: Float32Array): number => Math.sqrt(dot(v, v));

describe('GloVe embedder', () => {
  it('converts the wink JSON once, then reloads the int8 cache without re-parsing', async () => {
    const first = await loadGloveTable({ cacheDir, maxWords: 60_000 });
    expect(first.converted).toBe(true);
    const mtime = statSync(first.file).mtimeMs;
    const second = await loadGloveTable({ cacheDir, maxWords: 60_000 });
    expect(second.converted).toBe(false);
    expect(statSync(second.file).mtimeMs).toBe(mtime);
    expect(second.table.words.slice(0, 4)).toEqual(['the', ',', '.', 'of']);
    expect(second.table.words).toHaveLength(60_000);
    expect(second.table.totalVocab).toBe(341_479);
    expect(Array.from(second.table.matrix.subarray(0, 100))).toEqual(Array.from(first.table.matrix.subarray(0, 100)));
  });

  it('puts related sentences closer than unrelated ones', async () => {
    const embedder = new GloveEmbedder((await loadGloveTable({ cacheDir, maxWords: 60_000 })).table);
    const [dog, pets, stocks] = await embedder.embed(['I love my dog', 'puppies are great pets', 'the stock market fell']);
    expect(embedder.dimensions).toBe(100);
    expect(norm(dog)).toBeCloseTo(1, 5);
    expect(dot(dog, pets)).toBeGreaterThan(dot(dog, stocks) + 0.2);
  });

  it('gives stopword-only, unknown and empty texts a stable unit vector', async () => {
    const embedder = new GloveEmbedder((await loadGloveTable({ cacheDir, maxWords: 60_000 })).table);
    const [a, b, c, empty] = await embedder.embed(['the and of it', 'the and of it', 'qwzxv blorptastic', '']);
    for (const v of [a, c, empty]) {
      expect(v.every(Number.isFinite)).toBe(true);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Math.abs(dot(a, c))).toBeLessThan(0.5);
  });

  it('finds nearest words', async () => {
    const embedder = new GloveEmbedder((await loadGloveTable({ cacheDir, maxWords: 60_000 })).table);
    const near = embedder.nearestWords('car', 5).map((n) => n.word);
    expect(near).toContain('vehicle');
    expect(near).not.toContain('car');
    expect(embedder.nearestWords('notawordatallzz', 5)).toEqual([]);
  });
});

describe('hashing embedder', () => {
  it('is deterministic, normalized and lexical', async () => {
    const embedder = new HashingEmbedder();
    expect(embedder.id).toBe('hashing-256@1');
    const [a, b, c, d] = await embedder.embed(['Use pnpm for installs', 'use PNPM for installs', 'pnpm installs', 'the weather is nice']);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(a).toHaveLength(256);
    expect(norm(a)).toBeCloseTo(1, 5);
    expect(dot(a, c)).toBeGreaterThan(dot(a, d));
    expect(Array.from((await new HashingEmbedder(64).embed(['x']))[0])).toHaveLength(64);
  });
});

describe('cached embedder', () => {
  it('embeds only texts missing from the cache, once per distinct text', async () => {
    const inner = new HashingEmbedder(32);
    const calls: string[][] = [];
    const counting: Embedder = { id: inner.id, dimensions: 32, embed: (texts) => (calls.push(texts), inner.embed(texts)) };
    const store = new Map<string, Float32Array>();
    const cache: EmbeddingCache = {
      get: async (id, hashes) => new Map(hashes.flatMap((h) => (store.has(`${id}:${h}`) ? [[h, store.get(`${id}:${h}`)!]] : []))),
      put: async (id, rows) => rows.forEach((r) => store.set(`${id}:${r.textHash}`, r.vector)),
    };
    const cached = createCachedEmbedder(counting, cache);
    const first = await cached.embed(['alpha', 'beta', 'alpha']);
    expect(calls).toEqual([['alpha', 'beta']]);
    const second = await cached.embed(['beta', 'gamma', 'alpha']);
    expect(calls).toEqual([['alpha', 'beta'], ['gamma']]);
    expect(Array.from(second[0])).toEqual(Array.from(first[1]));
    expect(Array.from(second[2])).toEqual(Array.from(first[0]));
    await cached.embed(['gamma']);
    expect(calls).toHaveLength(2);
    expect(cached.id).toBe(inner.id);
  });
});

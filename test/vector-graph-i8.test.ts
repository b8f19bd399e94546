import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../src/models/embedders/index.js';
import { createSqliteProvider } from '../src/store/sqlite/index.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';
import type { Store, StoreProvider } from '../src/store/store.js';
import { AnnIndex } from '../src/vector/ann-index.js';
import { mem } from './contract/harness.js';

const THRESHOLD = 300;
const COUNT = 800;
const embedder = new HashingEmbedder(64);
const WORDS = Array.from({ length: 300 }, (_, i) => `w${(i * 7919) % 1009}`);
let seed = 11;
const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const sentence = () => Array.from({ length: 6 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');

interface Opened { provider: StoreProvider; store: Store; events: VectorIndexEvent[]; next(event: VectorIndexEvent['event']): Promise<VectorIndexEvent> }

async function open(dataDir: string, role: 'writer' | 'reader'): Promise<Opened> {
  const events: VectorIndexEvent[] = [];
  const waiting: { event: string; resolve: (e: VectorIndexEvent) => void }[] = [];
  const provider = createSqliteProvider({
    dataDir, annThreshold: THRESHOLD, ...(role === 'reader' ? { annSaves: 'none', loadIndexes: 'warm' } as const : {}),
    onVectorIndexEvent: (e) => {
      events.push(e);
      for (const w of waiting.splice(0)) (w.event === e.event ? w.resolve(e) : waiting.push(w));
    },
  });
  const next = (event: string) => {
    const seen = events.find((e) => e.event === event);
    return seen ? Promise.resolve(seen) : new Promise<VectorIndexEvent>((resolve) => waiting.push({ event, resolve }));
  };
  return { provider, store: await provider.open('p'), events, next };
}

async function fill(store: Store): Promise<Map<string, Float32Array>> {
  const list = Array.from({ length: COUNT }, () => mem(sentence()));
  await store.writeMemories(list);
  const vectors = await embedder.embed(list.map((m) => m.content));
  await store.upsertVectors(list.map((m, i) => ({ kind: 'memory', id: m.id, vector: vectors[i] })));
  return new Map(list.map((m, i) => [m.id, vectors[i]]));
}

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0) / Math.hypot(...a) / Math.hypot(...b);
const graphFile = (dir: string) => join(dir, readdirSync(dir).find((f) => f.startsWith('p.db.memory.') && f.endsWith('.usearch'))!);

/** Replaces the saved graph by the same vectors stored as f16 (what earlier versions saved). */
function saveAsF16(dir: string, vectors: Map<string, Float32Array>): void {
  const manifestPath = join(dir, 'p.db.memory.hnsw');
  const text = readFileSync(manifestPath, 'utf8');
  const nl = text.indexOf('\n');
  const manifest = JSON.parse(text.slice(0, nl));
  const ann = new AnnIndex({ dimensions: manifest.dimensions, quantization: 'f16' });
  for (const line of text.slice(nl + 1).split('\n').slice(1)) {
    const [key, id] = line.split('\t');
    if (id) ann.add(BigInt(key), vectors.get(id)!);
  }
  const graph = join(dir, manifest.graph);
  ann.saveSync(graph);
  const bytes = readFileSync(graph);
  const header = { ...manifest, checksum: createHash('sha1').update(bytes).digest('hex'), bytes: bytes.length, stamp: undefined };
  writeFileSync(manifestPath, `${JSON.stringify(header)}${text.slice(nl)}`);
}

describe('SQLite store: i8 graph vectors, exact ranking', () => {
  let dataDir: string;
  const opened: Opened[] = [];
  beforeEach(async () => { dataDir = await mkdtemp(join(tmpdir(), 'mnemo-i8-')); });
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.provider.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const openTracked = async (role: 'writer' | 'reader') => { const o = await open(dataDir, role); opened.push(o); return o; };

  it('saves the graph with i8 vectors and ranks its hits by exact cosine, loaded or viewed', async () => {
    const writer = await openTracked('writer');
    const vectors = await fill(writer.store);
    await writer.store.searchVectors(embedder.embedOne('x'), { kind: 'memory', limit: 1 });
    await writer.next('ann-save');
    expect(AnnIndex.savedQuantization(graphFile(join(dataDir, 'profiles')))).toBe('i8');
    const reader = await openTracked('reader');
    for (const { store, via } of [{ store: writer.store, via: 'ann-built' }, { store: reader.store, via: 'ann-view' }]) {
      for (let i = 0; i < 20; i++) {
        const q = embedder.embedOne(sentence());
        const hits = await store.searchVectors(q, { kind: 'memory', limit: 10 });
        expect(hits).toHaveLength(10);
        for (const h of hits) expect(h.score.toFixed(5)).toBe(cosine(q, vectors.get(h.item.id)!).toFixed(5));
        expect(hits.map((h) => h.score)).toEqual(hits.map((h) => h.score).sort((a, b) => b - a));
      }
      expect((store === writer.store ? writer : reader).events.map((e) => e.event)).toContain(via);
    }
  });

  it('a graph saved with f16 vectors is still viewed, and a load rebuilds it with i8, saying why', async () => {
    const a = await open(dataDir, 'writer');
    const vectors = await fill(a.store);
    await a.store.searchVectors(embedder.embedOne('x'), { kind: 'memory', limit: 1 });
    await a.next('ann-save');
    await a.provider.close();
    const dir = join(dataDir, 'profiles');
    saveAsF16(dir, vectors);
    expect(AnnIndex.savedQuantization(graphFile(dir))).toBe('f16');

    const reader = await openTracked('reader');
    const q = embedder.embedOne(sentence());
    const viewed = await reader.store.searchVectors(q, { kind: 'memory', limit: 10 });
    expect(reader.events.map((e) => e.event)).toEqual(['ann-view']);

    const b = await openTracked('writer');
    const loaded = await b.store.searchVectors(q, { kind: 'memory', limit: 10 });
    expect(b.events.map((e) => e.event)).toEqual(['ann-reject', 'exact-load', 'ann-build']);
    expect(b.events[0].detail).toMatch(/f16.*i8/);
    expect(loaded.map((h) => h.item.id)).toEqual(viewed.map((h) => h.item.id));
    await b.next('ann-save');
    expect(AnnIndex.savedQuantization(graphFile(dir))).toBe('i8');
  });
});

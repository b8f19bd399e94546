import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../src/models/embedders/index.js';
import { createSqliteProvider } from '../src/store/sqlite/index.js';
import { startCompaction } from '../src/store/sqlite/vector-compactor.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';
import type { Store, StoreProvider } from '../src/store/store.js';
import { mem } from './contract/harness.js';

const THRESHOLD = 300;
const SAVE_EVERY = 200;
const embedder = new HashingEmbedder(64);
const WORDS = Array.from({ length: 300 }, (_, i) => `w${(i * 7919) % 1009}`);
let seed = 5;
const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const sentence = () => Array.from({ length: 6 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');

interface Opened {
  provider: StoreProvider;
  store: Store;
  events: VectorIndexEvent[];
  /** Resolves at the `n`-th event of this name (counting those seen already). */
  nth(event: VectorIndexEvent['event'], n: number): Promise<VectorIndexEvent>;
}

/**
 * `compact`: a writer whose searches run in recall threads; `reader`: a recall thread; `plain`: a
 * writer that saves only an index it loaded.
 */
async function open(dataDir: string, role: 'compact' | 'reader' | 'plain'): Promise<Opened> {
  const events: VectorIndexEvent[] = [];
  const waiting: { event: string; n: number; resolve: (e: VectorIndexEvent) => void }[] = [];
  const provider = createSqliteProvider({
    dataDir, annThreshold: THRESHOLD, annSaveEvery: SAVE_EVERY,
    ...({ compact: { annSaves: 'compact' }, reader: { annSaves: 'none', loadIndexes: 'warm' }, plain: {} } as const)[role],
    onVectorIndexEvent: (e) => {
      events.push(e);
      for (const w of waiting.splice(0)) {
        const seen = events.filter((x) => x.event === w.event);
        if (seen.length >= w.n) w.resolve(seen[w.n - 1]!);
        else waiting.push(w);
      }
    },
  });
  const nth = (event: string, n: number) => {
    const seen = events.filter((e) => e.event === event);
    return seen.length >= n ? Promise.resolve(seen[n - 1]!) : new Promise<VectorIndexEvent>((resolve) => waiting.push({ event, n, resolve }));
  };
  return { provider, store: await provider.open('p'), events, nth };
}

const table = new Map<string, Float32Array>();

async function write(store: Store, n: number): Promise<string[]> {
  const list = Array.from({ length: n }, () => mem(sentence()));
  await store.writeMemories(list);
  const vectors = await embedder.embed(list.map((m) => m.content));
  list.forEach((m, i) => table.set(m.id, vectors[i]!));
  await store.upsertVectors(list.map((m, i) => ({ kind: 'memory', id: m.id, vector: vectors[i]! })));
  return list.map((m) => m.id);
}

const exactTop = (q: Float32Array, k: number) =>
  [...table].map(([id, v]) => ({ id, s: v.reduce((s, x, d) => s + x * q[d]!, 0) })).sort((a, b) => b.s - a.s).slice(0, k).map((x) => x.id);

/** Share of the exact top 10 the store finds, over sampled stored vectors and fresh sentences. */
async function agreement(store: Store): Promise<number> {
  let found = 0;
  let wanted = 0;
  const ids = [...table.keys()];
  const queries = [...Array.from({ length: 20 }, (_, i) => table.get(ids[(i * 7919) % ids.length]!)!), ...Array.from({ length: 20 }, () => embedder.embedOne(sentence()))];
  for (const q of queries) {
    const got = (await store.searchVectors(q, { kind: 'memory', limit: 10 })).map((h) => h.item.id);
    const truth = exactTop(q, 10);
    wanted += truth.length;
    found += got.filter((id) => truth.includes(id)).length;
  }
  return found / wanted;
}

function manifestGraph(dataDir: string): string {
  const text = readFileSync(join(dataDir, 'profiles', 'p.db.memory.hnsw'), 'utf8');
  return (JSON.parse(text.slice(0, text.indexOf('\n'))) as { graph: string }).graph;
}

describe('HNSW files kept current by a writer that holds no index (annSaves "compact")', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mnemo-bgsave-'));
    table.clear();
  });
  afterEach(async () => { await rm(dataDir, { recursive: true, force: true }); });

  it('compacts in the background; a reader views each new save, drops the changes it held, and answers correctly across the re-view', async () => {
    const writer = await open(dataDir, 'compact');
    await write(writer.store, 500);
    expect(await writer.nth('ann-save', 1)).toMatchObject({ size: 500, detail: 'compacted (build)' });

    const reader = await open(dataDir, 'reader');
    expect(await agreement(reader.store)).toBeGreaterThanOrEqual(0.9);
    expect(reader.events.map((e) => e.event)).toEqual(['ann-view']);

    // Changes after the save: acknowledged writes are found at once, from the reader's overlay.
    const added = await write(writer.store, 150);
    const [gone] = added;
    await writer.store.deleteVectors([{ kind: 'memory', id: gone! }]);
    table.delete(gone!);
    const moved = [...table.keys()][3]!;
    const q = embedder.embedOne('a sentence none of the others has');
    await writer.store.upsertVectors([{ kind: 'memory', id: moved, vector: q }]);
    table.set(moved, q);
    expect((await reader.store.searchVectors(q, { kind: 'memory', limit: 1 }))[0]!.item.id).toBe(moved);
    expect(await agreement(reader.store)).toBeGreaterThanOrEqual(0.9);

    // Past SAVE_EVERY changes a compaction replays them into a new graph; the reader views it.
    await write(writer.store, 60);
    const second = await writer.nth('ann-save', 2);
    expect(second).toMatchObject({ size: table.size, detail: 'compacted (replay)' });
    expect((await reader.store.searchVectors(q, { kind: 'memory', limit: 1 }))[0]!.item.id).toBe(moved);
    const views = reader.events.filter((e) => e.event === 'ann-view');
    expect(views).toHaveLength(2);
    expect(views[1]!.size).toBe(table.size); // nothing held beside the new graph
    expect((await reader.store.searchVectors(table.get(added[1]!)!, { kind: 'memory', limit: 50 })).map((h) => h.item.id)).not.toContain(gone);
    expect(await agreement(reader.store)).toBeGreaterThanOrEqual(0.9);

    // The writer never loaded an index; the old graph file is gone.
    expect(writer.events.map((e) => e.event).filter((e) => e !== 'ann-save')).toEqual([]);
    expect(readdirSync(join(dataDir, 'profiles')).filter((f) => f.endsWith('.usearch'))).toEqual([manifestGraph(dataDir)]);
    await reader.provider.close();
    await writer.provider.close();
  });

  it('a reader that loaded the index (nothing saved) never builds one; a compacting writer saves the missing graph at open and the reader views it', async () => {
    const plain = await open(dataDir, 'plain');
    const reader = await open(dataDir, 'reader');
    await write(plain.store, 100);
    expect(await agreement(reader.store)).toBeGreaterThanOrEqual(0.95); // exact (ties aside)
    await reader.store.warm!();
    await write(plain.store, 300);
    expect(await agreement(reader.store)).toBeGreaterThanOrEqual(0.95);
    expect(reader.events.filter((e) => e.kind === 'memory').map((e) => e.event)).toEqual(['exact-load']);
    expect(plain.events).toEqual([]);
    await plain.provider.close();

    const writer = await open(dataDir, 'compact');
    expect(await writer.nth('ann-save', 1)).toMatchObject({ size: 400, detail: 'compacted (build)' });
    expect(await agreement(reader.store)).toBeGreaterThanOrEqual(0.9);
    expect(reader.events.filter((e) => e.kind === 'memory').map((e) => e.event)).toEqual(['exact-load', 'ann-view']);
    await reader.provider.close();
    await writer.provider.close();
  });

  it('a kill -9 during a background save leaves whole files: the store opens and answers, and the next compaction saves', async () => {
    const writer = await open(dataDir, 'compact');
    await write(writer.store, 500);
    await writer.nth('ann-save', 1);
    await writer.provider.close();
    const dbPath = join(dataDir, 'profiles', 'p.db');
    for (let round = 0; round < 3; round++) {
      const w = await open(dataDir, 'compact');
      await write(w.store, 120);
      await w.provider.close();
      // Killed once the graph is loaded and replayed, as its save starts (round 0), or part-way into it.
      const run = startCompaction(dbPath, 'memory', (line) => {
        if (line === 'loaded') setTimeout(() => run.kill(), round * 15);
      });
      await run.done.then(() => undefined, (err: Error) => expect(err.message).toMatch(/SIGKILL/));
      const manifest = join(dataDir, 'profiles', 'p.db.memory.hnsw');
      expect(existsSync(manifest)).toBe(true);
      expect(existsSync(join(dataDir, 'profiles', manifestGraph(dataDir)))).toBe(true);

      const reader = await open(dataDir, 'reader');
      expect(await agreement(reader.store)).toBeGreaterThanOrEqual(0.9);
      await reader.provider.close();
    }
    const result = await startCompaction(dbPath, 'memory').done;
    expect(result).toMatchObject({ size: table.size, from: 'replay' });
    const reader = await open(dataDir, 'reader');
    expect(await agreement(reader.store)).toBeGreaterThanOrEqual(0.9);
    expect(reader.events.find((e) => e.event === 'ann-view')?.size).toBe(table.size);
    await reader.provider.close();
  });
});

import { readdir, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../src/models/embedders/index.js';
import { createSqliteProvider } from '../src/store/sqlite/index.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';
import type { Store, StoreProvider } from '../src/store/store.js';
import type { MemoryType } from '../src/types.js';
import { mem, msg } from './contract/harness.js';

const THRESHOLD = 500;
const COUNT = 1_500;
const TYPES: MemoryType[] = ['fact', 'instruction', 'event'];
const WORDS = Array.from({ length: 400 }, (_, i) => `w${(i * 7919) % 1009}`);
const embedder = new HashingEmbedder(64);

let seed = 7;
function random(): number {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 2 ** 32;
}
const sentence = (): string => Array.from({ length: 6 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');

interface Opened {
  provider: StoreProvider;
  store: Store;
  events: VectorIndexEvent[];
  /** Resolves at the next event of this name (or at once if one was seen already). */
  next(event: VectorIndexEvent['event']): Promise<VectorIndexEvent>;
}

async function open(dataDir: string, annSaves?: 'all' | 'builds'): Promise<Opened> {
  const events: VectorIndexEvent[] = [];
  const waiting: { event: string; resolve: (e: VectorIndexEvent) => void }[] = [];
  const provider = createSqliteProvider({
    dataDir,
    annThreshold: THRESHOLD,
    annSaves,
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

const memoryEvents = (o: Opened) => o.events.filter((e) => e.kind === 'memory').map((e) => e.event);

interface Row { id: string; type: MemoryType; sessionId: string; vector: Float32Array }

async function fill(store: Store, n: number): Promise<Row[]> {
  const rows: Row[] = [];
  const list = Array.from({ length: n }, (_, i) => mem(sentence(), { type: TYPES[i % 3], sessionId: i < 400 ? 'big' : `s${i % 10}` }));
  await store.writeMemories(list);
  const vectors = await embedder.embed(list.map((m) => m.content));
  list.forEach((m, i) => rows.push({ id: m.id, type: m.type, sessionId: m.sessionId!, vector: vectors[i] }));
  await store.upsertVectors(rows.map((r) => ({ kind: 'memory', id: r.id, vector: r.vector })));
  return rows;
}

function exactScored(rows: Row[], q: Float32Array, k: number, keep: (r: Row) => boolean = () => true): { id: string; s: number }[] {
  const dot = (v: Float32Array) => v.reduce((s, x, i) => s + x * q[i], 0);
  return rows.filter(keep).map((r) => ({ id: r.id, s: dot(r.vector) })).sort((a, b) => b.s - a.s).slice(0, k);
}
const exactTop = (rows: Row[], q: Float32Array, k: number, keep?: (r: Row) => boolean): string[] =>
  exactScored(rows, q, k, keep).map((x) => x.id);

/** Exact results, up to the order of equal scores (the hashing embedder makes ties). */
async function expectExact(store: Store, rows: Row[], q: Float32Array, extra: { types?: MemoryType[]; sessionId?: string } = {}, keep?: (r: Row) => boolean) {
  const got = await store.searchVectors(q, { kind: 'memory', limit: 10, ...extra });
  const want = exactScored(rows, q, 10, keep);
  expect(got.map((h) => h.score.toFixed(5))).toEqual(want.map((w) => w.s.toFixed(5)));
  const scoreOf = new Map(rows.map((r) => [r.id, exactScored([r], q, 1)[0].s]));
  for (const h of got) expect(scoreOf.get(h.item.id)!.toFixed(5)).toBe(h.score.toFixed(5));
}

const search = async (store: Store, q: Float32Array, extra: { types?: MemoryType[]; sessionId?: string; limit?: number } = {}) =>
  (await store.searchVectors(q, { kind: 'memory', limit: extra.limit ?? 10, ...extra })).map((h) => h.item.id);

/**
 * Two searches agree up to ties: the same scores at every rank, and the same ids for each score
 * except the lowest, where equal scores past the limit may be cut differently (the view and the
 * loaded index compute distances in different code, so exact ties can fall either way).
 */
async function expectSameUpToTies(store: Store, other: Store, q: Float32Array): Promise<void> {
  const scored = async (s: Store) => (await s.searchVectors(q, { kind: 'memory', limit: 10 })).map((h) => ({ id: h.item.id, s: h.score.toFixed(5) }));
  const [got, want] = [await scored(store), await scored(other)];
  expect(got.map((h) => h.s)).toEqual(want.map((h) => h.s));
  const last = want.at(-1)?.s;
  const idsAbove = (list: { id: string; s: string }[]) => list.filter((h) => h.s !== last).map((h) => h.id).sort();
  expect(idsAbove(got)).toEqual(idsAbove(want));
}

async function recallAt10(store: Store, rows: Row[], keep?: (r: Row) => boolean, extra = {}): Promise<number> {
  let found = 0;
  let wanted = 0;
  for (let i = 0; i < 100; i++) {
    const q = embedder.embedOne(sentence());
    const truth = new Set(exactTop(rows, q, 10, keep));
    wanted += truth.size;
    found += (await search(store, q, extra)).filter((id) => truth.has(id)).length;
  }
  return found / wanted;
}

describe('SQLite store: HNSW above the threshold', () => {
  let dataDir: string;
  const opened: Opened[] = [];
  beforeEach(async () => { dataDir = await mkdtemp(join(tmpdir(), 'mnemo-ann-')); });
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.provider.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const openTracked = async () => { const o = await open(dataDir); opened.push(o); return o; };

  it('stays exact below the threshold', async () => {
    const a = await openTracked();
    await fill(a.store, THRESHOLD - 1);
    await search(a.store, embedder.embedOne('x'));
    expect(a.events.map((e) => e.event)).toEqual(['exact-load']);
  });

  it('builds HNSW in the background, serving exact meanwhile, then matches exact closely', async () => {
    const a = await openTracked();
    const rows = await fill(a.store, COUNT);
    const q = embedder.embedOne(sentence());
    await expectExact(a.store, rows, q); // exact while building
    expect(a.events.map((e) => e.event)).toEqual(['exact-load', 'ann-build']);
    await a.next('ann-built');
    await a.next('ann-save');
    expect(await recallAt10(a.store, rows)).toBeGreaterThanOrEqual(0.95);
    const files = await readdir(join(dataDir, 'profiles'));
    expect(files.filter((f) => f.startsWith('p.db.memory.'))).toHaveLength(2);
  });

  it('filters by type and session and leaves out superseded and forgotten memories', async () => {
    const a = await openTracked();
    const rows = await fill(a.store, COUNT);
    await search(a.store, embedder.embedOne('x'));
    await a.next('ann-built');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const q = embedder.embedOne(sentence());
    const facts = await search(a.store, q, { types: ['event'] });
    expect(facts).toHaveLength(10);
    expect(facts.every((id) => byId.get(id)!.type === 'event')).toBe(true);
    // The graph is built on several threads, so its recall varies from run to run: a filtered
    // search measured 0.947 once (one CI run in two), where unfiltered ones stay above 0.95.
    expect(await recallAt10(a.store, rows, (r) => r.type === 'event', { types: ['event'] })).toBeGreaterThanOrEqual(0.93);
    const session = await search(a.store, q, { sessionId: 's3', types: ['fact', 'event'] });
    expect(session.every((id) => byId.get(id)!.sessionId === 's3')).toBe(true);
    await expectExact(a.store, rows, q, { sessionId: 's3', types: ['fact', 'event'] }, (r) => r.sessionId === 's3' && r.type !== 'instruction');

    // A session above SUBSET_MAX goes through HNSW (over-fetching); a small one is scanned exactly.
    expect(await recallAt10(a.store, rows, (r) => r.sessionId === 'big', { sessionId: 'big' })).toBeGreaterThanOrEqual(0.95);

    const [first, second] = await search(a.store, q);
    await a.store.setStatus(first, 'superseded');
    await a.store.forget(second, { purge: false });
    const after = await search(a.store, q);
    expect(after).not.toContain(first);
    expect(after).not.toContain(second);
    expect(after).toHaveLength(10);
  });

  it('reflects deleted and updated vectors', async () => {
    const a = await openTracked();
    const rows = await fill(a.store, COUNT);
    await search(a.store, embedder.embedOne('x'));
    await a.next('ann-built');
    const q = embedder.embedOne(sentence());
    const [top] = await search(a.store, q);
    await a.store.deleteVectors([{ kind: 'memory', id: top }]);
    expect(await search(a.store, q, { limit: 50 })).not.toContain(top);
    const moved = rows[123].id;
    await a.store.upsertVectors([{ kind: 'memory', id: moved, vector: q }]);
    expect((await search(a.store, q))[0]).toBe(moved);
  });

  it('reopens from the persisted index without rebuilding, replaying later writes', async () => {
    const a = await open(dataDir);
    const rows = await fill(a.store, COUNT);
    await search(a.store, embedder.embedOne('x'));
    await a.next('ann-save');
    const q = embedder.embedOne(sentence());
    const before = await search(a.store, q);
    await a.store.deleteVectors([{ kind: 'memory', id: before[0] }]); // unsaved until close
    await a.provider.close();

    const b = await openTracked();
    const after = await search(b.store, q);
    expect(b.events.map((e) => e.event)).toEqual(['ann-view']);
    expect(after).toEqual(before.slice(1).concat(after.slice(9)));
    expect(await recallAt10(b.store, rows.filter((r) => r.id !== before[0]))).toBeGreaterThanOrEqual(0.95);
  });

  it('rebuilds when the index files are corrupt or missing', async () => {
    const a = await open(dataDir);
    const rows = await fill(a.store, COUNT);
    await search(a.store, embedder.embedOne('x'));
    await a.next('ann-save');
    await a.provider.close();
    const dir = join(dataDir, 'profiles');
    const graph = (await readdir(dir)).find((f) => f.endsWith('.usearch'))!;
    await writeFile(join(dir, graph), 'not a graph');

    const b = await open(dataDir);
    const q = embedder.embedOne(sentence());
    await expectExact(b.store, rows, q);
    expect(b.events.map((e) => e.event)).toEqual(['ann-reject', 'exact-load', 'ann-build']);
    expect(b.events[0].detail).toMatch(/checksum/);
    await b.next('ann-save');
    await b.provider.close();

    await rm(join(dir, 'p.db.memory.hnsw'));
    const c = await openTracked();
    await search(c.store, q);
    expect(c.events.map((e) => e.event)).toEqual(['exact-load', 'ann-build']);
  });

  it('a reader opened with annSaves "builds" views the files and follows the writer, but never saves them', async () => {
    const writer = await openTracked();
    await fill(writer.store, COUNT);
    await search(writer.store, embedder.embedOne('x'));
    await writer.next('ann-save');
    const reader = await open(dataDir, 'builds');
    await search(reader.store, embedder.embedOne('x'));
    expect(reader.events.map((e) => e.event)).toEqual(['ann-view']);
    const more = await fill(writer.store, 1_200);
    // The new vectors went into both graphs by multi-threaded bulk inserts, and an approximate graph
    // may miss a vector's own entry now and then: finding itself first is a share of samples.
    const sample = more.filter((_, i) => i % 60 === 7);
    const selfFirst = async (store: Store) => {
      let n = 0;
      for (const r of sample) if ((await search(store, r.vector))[0] === r.id) n++;
      return n / sample.length;
    };
    expect(await selfFirst(reader.store)).toBeGreaterThanOrEqual(0.9);
    expect(await selfFirst(writer.store)).toBeGreaterThanOrEqual(0.9);
    await new Promise((r) => setImmediate(r));
    expect(writer.events.filter((e) => e.event === 'ann-save').length).toBeGreaterThanOrEqual(2);
    await reader.provider.close();
    // It viewed each save of the writer, or loaded once more changes than a view holds came between two.
    expect(reader.events.map((e) => e.event)).not.toContain('ann-save');
    expect(reader.events.every((e) => e.event === 'ann-view' || e.event === 'ann-load')).toBe(true);
  });

  it('views the saved graph until its own writes call for loading it, then saves them', async () => {
    const a = await open(dataDir);
    const rows = await fill(a.store, COUNT);
    await search(a.store, embedder.embedOne('x'));
    await a.next('ann-save');
    await a.provider.close();

    const b = await open(dataDir);
    await b.store.warm!();
    expect(memoryEvents(b)).toEqual(['ann-view']);
    const gone = rows.slice(0, 50);
    await b.store.deleteVectors(gone.map((r) => ({ kind: 'memory', id: r.id })));
    const more = await fill(b.store, 100);
    const kept = [...rows.slice(50), ...more];
    // A few changes: searched beside the viewed graph.
    expect(await recallAt10(b.store, kept)).toBeGreaterThanOrEqual(0.95);
    expect(await search(b.store, gone[0].vector, { limit: 50 })).not.toContain(gone[0].id);
    expect(memoryEvents(b)).toEqual(['ann-view']);
    // More than a view takes: the graph loads with them, and closing saves it.
    const most = await fill(b.store, 300);
    kept.push(...most);
    // HNSW inserts are not deterministic: after 300 of them recall@10 has measured 0.949 once.
    expect(await recallAt10(b.store, kept)).toBeGreaterThanOrEqual(0.93);
    expect(memoryEvents(b)).toEqual(['ann-view', 'ann-load']);
    await b.provider.close();
    expect(memoryEvents(b).at(-1)).toBe('ann-save');

    const c = await openTracked();
    expect(await recallAt10(c.store, kept)).toBeGreaterThanOrEqual(0.93);
    expect(memoryEvents(c)).toEqual(['ann-view']);
  });

  it('saves a viewed graph anew once the other kind\'s changes leave its checkpoint far behind in the log', async () => {
    const a = await open(dataDir);
    const rows = await fill(a.store, COUNT);
    await search(a.store, embedder.embedOne('x'));
    await a.next('ann-save');
    await a.provider.close();

    const b = await open(dataDir);
    const messages = Array.from({ length: 21_000 }, (_, i) => msg('m', 'user', `message ${i} ${sentence()}`));
    await b.store.insertMessages(messages);
    const vectors = await embedder.embed(messages.map((m) => m.content));
    await b.store.upsertVectors(messages.map((m, i) => ({ kind: 'message' as const, id: m.id, vector: vectors[i] })));
    await search(b.store, embedder.embedOne('x'));
    await b.next('ann-save');
    expect(memoryEvents(b)).toEqual(['ann-load', 'ann-save']);
    await b.provider.close();

    const c = await openTracked();
    expect(await recallAt10(c.store, rows)).toBeGreaterThanOrEqual(0.95);
    expect(memoryEvents(c)).toEqual(['ann-view']);
  });

  it('a second provider on the same directory sees the first one\'s writes', async () => {
    const a = await openTracked();
    const rows = await fill(a.store, COUNT);
    await search(a.store, embedder.embedOne('x'));
    await a.next('ann-save');
    const b = await openTracked();
    const q = embedder.embedOne(sentence());
    await expectSameUpToTies(b.store, a.store, q);
    expect(b.events.map((e) => e.event)).toEqual(['ann-view']);

    const [top] = await search(b.store, q);
    await a.store.deleteVectors([{ kind: 'memory', id: top }]);
    await a.store.upsertVectors([{ kind: 'memory', id: rows[7].id, vector: q }]);
    const more = await fill(a.store, 20);
    await a.store.upsertVectors([{ kind: 'memory', id: more[3].id, vector: embedder.embedOne('needle haystack') }]);
    const seen = await search(b.store, q);
    expect(seen[0]).toBe(rows[7].id);
    expect(seen).not.toContain(top);
    expect((await search(b.store, embedder.embedOne('needle haystack')))[0]).toBe(more[3].id);
  });
});

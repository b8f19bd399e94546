import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../src/models/embedders/index.js';
import { openSqliteStore, type SqliteStoreOptions } from '../src/store/sqlite/index.js';
import type { SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';
import { vectorIndexWarnings } from '../src/store/sqlite/vector-index-warnings.js';
import { compactAnnFiles } from '../src/store/sqlite/vector-compact.js';
import { Connection } from '../src/store/sqlite/connection.js';
import { roundToHalf } from '../src/store/sqlite/vector-ann-half.js';
import type { Memory } from '../src/types.js';
import { mem, msg } from './contract/harness.js';

/** Low enough that a few hundred rows make (and save) HNSW graphs of both kinds. */
const THRESHOLD = 200;
const COUNT = 400;
const embedder = new HashingEmbedder(64);

/** The f16 bits of `x`, as usearch stores a vector component (round to nearest even). */
function halfBits(x: number): number {
  const h = roundToHalf(x);
  if (h === 0) return Object.is(h, -0) ? 0x8000 : 0;
  const sign = h < 0 ? 0x8000 : 0;
  const a = Math.abs(h);
  if (a < 2 ** -14) return sign | Math.round(a / 2 ** -24);
  const e = Math.floor(Math.log2(a));
  return sign | ((e + 15) << 10) | Math.round((a / 2 ** e - 1) * 1024);
}

/** The vector's bytes as the vectors table (f32) and a saved graph (f16) hold them. */
function encodings(v: Float32Array): Buffer[] {
  const f16 = Buffer.alloc(v.length * 2);
  v.forEach((x, i) => f16.writeUInt16LE(halfBits(x), i * 2));
  return [Buffer.from(v.buffer, v.byteOffset, v.byteLength), f16];
}

/** The files in `dir` that hold any of the encodings (a run of at least 32 bytes is enough to tell). */
function filesHolding(dir: string, vectors: Float32Array[]): string[] {
  const needles = vectors.flatMap(encodings);
  return readdirSync(dir).filter((name) => {
    const bytes = readFileSync(join(dir, name));
    return needles.some((n) => bytes.includes(n));
  });
}

interface Opened {
  store: SqliteStore;
  events: VectorIndexEvent[];
  warnings: string[];
  /** Resolves once `seen` holds for the events so far (checked at each event). */
  until(seen: (events: VectorIndexEvent[]) => boolean): Promise<void>;
}

describe('a purged memory\'s vectors', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mnemo-purge-vectors-'));
    path = join(dir, 'p.db');
  });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  function open(options: SqliteStoreOptions = {}): Opened {
    const events: VectorIndexEvent[] = [];
    const warnings: string[] = [];
    const waiting: (() => boolean)[] = [];
    const warn = vectorIndexWarnings((m) => warnings.push(m));
    const store = openSqliteStore(path, 'p', {
      annThreshold: THRESHOLD, textIndex: false, ...options,
      onVectorIndexEvent: (e) => {
        events.push(e);
        warn(e);
        waiting.splice(0).forEach((w) => { if (!w()) waiting.push(w); });
      },
    }) as SqliteStore;
    const until = (seen: (events: VectorIndexEvent[]) => boolean) => new Promise<void>((resolve) => {
      const check = () => (seen(events) ? (resolve(), true) : false);
      if (!check()) waiting.push(check);
    });
    return { store, events, warnings, until };
  }

  /** COUNT memories, each from its own message, all with vectors; returns them with their vectors. */
  async function fill(store: SqliteStore): Promise<{ memory: Memory; vector: Float32Array; messageVector: Float32Array }[]> {
    const messages = Array.from({ length: COUNT }, (_, i) => msg('s1', 'user', `message ${i}: the ${i % 7 === 0 ? 'red' : 'blue'} kite number ${i} flew over hill ${i % 13}`));
    await store.insertMessages(messages);
    const list = messages.map((m, i) => mem(`fact ${i}: kite ${i} is ${i % 7 === 0 ? 'red' : 'blue'} over hill ${i % 13}`, { sourceMessageIds: [m.id], sessionId: 's1' }));
    const { written } = await store.writeMemories(list);
    const vectors = await embedder.embed(list.map((m) => m.content));
    const messageVectors = await embedder.embed(messages.map((m) => m.content));
    await store.upsertVectors([
      ...list.map((m, i) => ({ kind: 'memory' as const, id: m.id, vector: vectors[i] })),
      ...messages.map((m, i) => ({ kind: 'message' as const, id: m.id, vector: messageVectors[i] })),
    ]);
    return written.map((memory, i) => ({ memory, vector: vectors[i], messageVector: messageVectors[i] }));
  }

  /** Vector search for each vector: ids found, best first. */
  async function nearest(store: SqliteStore, vector: Float32Array, kind: 'memory' | 'message' = 'memory', limit = 5): Promise<string[]> {
    return (await store.searchVectors(vector, { kind, limit })).map((h) => h.item.id);
  }

  it('leave no file in the data directory, and the next open uses the rewritten graphs without a rebuild', async () => {
    const first = open();
    const rows = await fill(first.store);
    await first.store.warm();
    await first.store.close();
    const target = rows[17];
    // Saved graphs hold every vector (f16), the table its f32 bytes.
    expect(filesHolding(dir, [target.vector]).some((f) => f.endsWith('.usearch'))).toBe(true);
    expect(filesHolding(dir, [target.messageVector]).some((f) => f.endsWith('.usearch'))).toBe(true);

    const second = open();
    await second.store.warm();
    expect(await nearest(second.store, target.vector)).toContain(target.memory.id);
    await second.store.forget(target.memory.id, { purge: true });
    expect(await nearest(second.store, target.vector)).not.toContain(target.memory.id);
    expect(await nearest(second.store, target.messageVector, 'message')).not.toContain(target.memory.sourceMessageIds[0]);
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);
    // More writes, then close (which saves whatever index this process holds).
    await second.store.upsertVectors([{ kind: 'memory', id: rows[18].memory.id, vector: rows[19].vector }]);
    await nearest(second.store, target.vector);
    await second.store.close();
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);

    const third = open();
    await third.store.warm();
    expect(third.warnings).toEqual([]);
    expect(third.events.map((e) => e.event)).not.toContain('ann-build');
    for (const r of rows.filter((_, i) => i % 40 === 3)) expect((await nearest(third.store, r.vector))[0]).toBe(r.memory.id);
    expect(await nearest(third.store, target.vector)).not.toContain(target.memory.id);
    await third.store.close();
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);
    expect(readdirSync(dir).some((f) => f.endsWith('.usearch'))).toBe(true);
  });

  const dot = (v: Float32Array, q: Float32Array) => v.reduce((sum, x, i) => sum + x * q[i], 0);

  /**
   * Every hit of the search's top 5 is one of `rows` with its score against the table's vector, and
   * (an HNSW graph is approximate; rows[6] duplicates rows[7]'s vector) at least 4 of them are an
   * exact top 5 over `rows`, the best first (the hashing embedder's vectors are unit length; it makes ties).
   */
  async function expectTableAnswers(store: SqliteStore, rows: { id: string; vector: Float32Array }[], q: Float32Array): Promise<void> {
    const got = await store.searchVectors(q, { kind: 'memory', limit: 5 });
    const want = rows.map((r) => dot(r.vector, q)).sort((a, b) => b - a).slice(0, 5);
    // The graph's f16 vectors score within a few thousandths of the table's f32 ones.
    const near = (a: number, b: number) => Math.abs(a - b) < 2e-3;
    expect(near(got[0].score, want[0])).toBe(true);
    const unmatched = [...want];
    for (const h of got) {
      const at = unmatched.findIndex((x) => near(x, h.score));
      if (at >= 0) unmatched.splice(at, 1);
    }
    expect(unmatched.length).toBeLessThanOrEqual(1);
    const byId = new Map(rows.map((r) => [r.id, r.vector]));
    for (const h of got) expect(Math.abs(dot(byId.get(h.item.id)!, q) - h.score)).toBeLessThan(2e-3);
  }

  it('are not written back by another connection whose graph was loaded before the purge, which answers from the table\'s vectors', async () => {
    const first = open();
    const rows = await fill(first.store);
    await first.store.warm();
    await first.store.close();
    const target = rows[5];

    // Loaded before the purge (a process that wrote more rows than it searches beside a viewed
    // graph loads it), with changes of its own to save on close.
    const holder = open();
    await holder.store.upsertVectors(rows.slice(100).map((r) => ({ kind: 'memory' as const, id: r.memory.id, vector: r.vector })));
    await holder.store.upsertVectors([{ kind: 'memory', id: rows[6].memory.id, vector: rows[7].vector }]);
    expect(await nearest(holder.store, rows[7].vector)).toContain(rows[6].memory.id);
    expect(holder.events.filter((e) => e.kind === 'memory').map((e) => e.event)).toContain('ann-load');

    const purger = open();
    await purger.store.forget(target.memory.id, { purge: true });
    await purger.store.close();
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);

    await holder.store.close();
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);
    expect(holder.events.filter((e) => e.event === 'ann-save')).toEqual([]);

    // One that searches after a purge reloads (the rewritten graph): answers as the table does.
    const reader = open();
    await reader.store.warm();
    expect(reader.events.filter((e) => e.kind === 'memory').map((e) => e.event)).toEqual(['ann-load']);
    const seen = reader.events.length;
    const again = open();
    await again.store.forget(rows[8].memory.id, { purge: true });
    await again.store.close();
    const left = rows.filter((r) => r !== target && r !== rows[8]).map((r) => ({ id: r.memory.id, vector: r === rows[6] ? rows[7].vector : r.vector }));
    for (const r of [target, rows[8], ...rows.filter((_, i) => i % 50 === 9)]) {
      await expectTableAnswers(reader.store, left, r.vector);
    }
    expect(reader.events.slice(seen).filter((e) => e.kind === 'memory').map((e) => e.event)).toEqual(['ann-load']);
    await reader.store.close();
    expect(filesHolding(dir, [rows[8].vector, target.vector])).toEqual([]);
  });

  it('are not left on disk by a compaction that loaded the graph before the purge and saved it after', async () => {
    const first = open();
    const rows = await fill(first.store);
    await first.store.warm();
    await first.store.close();
    const target = rows[11];
    const purger = open();
    const conn = new Connection(path);
    try {
      const result = compactAnnFiles(conn, 'memory', path, () => {
        // Between the compaction's snapshot (the graph holds the vector) and its save.
        void purger.store.forget(target.memory.id, { purge: true });
      });
      expect(result).toBeNull();
    } finally {
      conn.close();
      await purger.store.close();
    }
    expect(filesHolding(dir, [target.vector])).toEqual([]);
    // The next compaction builds from the table, without it.
    const next = new Connection(path);
    try {
      expect(compactAnnFiles(next, 'memory', path)).toMatchObject({ from: 'build', size: COUNT - 1, detail: 'removed by a purge' });
    } finally {
      next.close();
    }
    expect(filesHolding(dir, [target.vector])).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.startsWith('p.db.memory.') && f.endsWith('.usearch'))).toHaveLength(1);
  });

  it('below the HNSW threshold: erased from the database files, and no graph manifest is made', async () => {
    const small = open({ annThreshold: 5_000 });
    const rows = await fill(small.store);
    expect(await nearest(small.store, rows[3].vector)).toContain(rows[3].memory.id);
    await small.store.forget(rows[3].memory.id, { purge: true });
    expect(await nearest(small.store, rows[3].vector)).not.toContain(rows[3].memory.id);
    await small.store.close();
    expect(readdirSync(dir).filter((f) => f.includes('.hnsw') || f.endsWith('.usearch'))).toEqual([]);
    expect(filesHolding(dir, [rows[3].vector, rows[3].messageVector])).toEqual([]);
    expect(filesHolding(dir, [rows[4].vector, rows[4].messageVector])).toEqual(['p.db']);
  });

  it('a writer that holds no index (a server, annSaves compact) has its graphs rewritten in place: no compaction follows', async () => {
    const first = open();
    const rows = await fill(first.store);
    await first.store.warm();
    await first.store.close();
    const target = rows[21];
    const writer = open({ annSaves: 'compact' });
    await writer.store.forget(target.memory.id, { purge: true });
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);
    await writer.store.close();
    expect(writer.events.filter((e) => e.event === 'ann-save')).toEqual([]);
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.usearch'))).toHaveLength(2);
    const reader = open();
    await reader.store.warm();
    expect(reader.events.map((e) => `${e.kind} ${e.event}`).sort()).toEqual(['memory ann-view', 'message ann-view']);
    await reader.store.close();
  });

  it('the next open loads the rewritten graphs, which answer as before the purge for the memories left', async () => {
    const first = open();
    const rows = await fill(first.store);
    await first.store.warm();
    await first.store.close();
    const purged = [rows[30], rows[31], rows[200]];
    const samples = rows.filter((_, i) => i % 10 === 1 || (i >= 25 && i <= 35));
    const before = open();
    await before.store.warm();
    const answers = async (store: SqliteStore) => Promise.all(samples.flatMap((r) => [nearest(store, r.vector), nearest(store, r.messageVector, 'message')]));
    const was = await answers(before.store);
    for (const p of purged) await before.store.forget(p.memory.id, { purge: true });
    await before.store.close();
    expect(before.events.filter((e) => e.event === 'ann-save')).toEqual([]);
    expect(filesHolding(dir, purged.flatMap((p) => [p.vector, p.messageVector]))).toEqual([]);
    for (const kind of ['memory', 'message']) {
      expect(JSON.parse(readFileSync(join(dir, `p.db.${kind}.hnsw`), 'latin1').split('\n')[0])).toMatchObject({ purges: 3 });
    }

    const after = open({ loadIndexes: 'warm' });
    await after.store.warm();
    expect(after.events.map((e) => `${e.kind} ${e.event}`).sort()).toEqual(['memory ann-view', 'message ann-view']);
    const gone = new Set(purged.flatMap((p) => [p.memory.id, p.memory.sourceMessageIds[0]]));
    // Near-ties may swap places (the graph holds f16 vectors, the table f32), so the kept ids are looked for in a wider top.
    const now = await Promise.all(samples.flatMap((r) => [nearest(after.store, r.vector, 'memory', 8), nearest(after.store, r.messageVector, 'message', 8)]));
    now.forEach((ids, i) => {
      const kept = was[i].filter((id) => !gone.has(id));
      expect(ids).toEqual(expect.arrayContaining(kept));
      for (const id of ids) expect(gone.has(id)).toBe(false);
    });
    await after.store.close();
    const loaded = open({ loadIndexes: 'search' });
    // Enough writes beside the view that the graph loads (and the log's deletions replay into it).
    await loaded.store.upsertVectors(rows.slice(100).map((r) => ({ kind: 'memory' as const, id: r.memory.id, vector: r.vector })));
    expect((await answers(loaded.store)).map((ids) => ids.filter((id) => gone.has(id)))).toEqual(was.map(() => []));
    expect(loaded.events.filter((e) => e.kind === 'memory').map((e) => e.event)).toEqual(['ann-load']);
    await loaded.store.close();
  });
  it('of a memory forgotten before its purge are erased from a graph saved while it was active', async () => {
    const first = open();
    const rows = await fill(first.store);
    await first.store.warm();
    await first.store.close();
    const target = rows[40];
    const forgetter = open();
    await forgetter.store.forget(target.memory.id, { purge: false });
    await forgetter.store.close();
    expect(filesHolding(dir, [target.vector]).some((f) => f.endsWith('.usearch'))).toBe(true);
    const purger = open();
    await purger.store.forget(target.memory.id, { purge: true });
    await purger.store.close();
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.usearch'))).toHaveLength(2);
  });

  it('fall back to removing a graph the purge cannot rewrite (damaged), which the next open rebuilds', async () => {
    const first = open();
    const rows = await fill(first.store);
    await first.store.warm();
    await first.store.close();
    const target = rows[50];
    const graph = readdirSync(dir).find((f) => f.startsWith('p.db.memory.') && f.endsWith('.usearch'))!;
    const bytes = readFileSync(join(dir, graph));
    writeFileSync(join(dir, graph), bytes.subarray(0, bytes.length - 4));
    const purger = open();
    await purger.store.forget(target.memory.id, { purge: true });
    await purger.store.close();
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.usearch'))).toEqual([expect.stringMatching(/^p\.db\.message\./)]);
    const next = open();
    await next.store.warm();
    expect(next.warnings.join('\n')).toMatch(/memory vector index: .*purge.*; building it from the database/);
    expect(await nearest(next.store, target.vector)).not.toContain(target.memory.id);
    await next.store.close();
  });
});

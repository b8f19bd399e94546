import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../src/models/embedders/index.js';
import { openSqliteStore, type SqliteStoreOptions } from '../src/store/sqlite/index.js';
import type { SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';
import { vectorIndexWarnings } from '../src/store/sqlite/vector-index-warnings.js';
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

interface Opened { store: SqliteStore; events: VectorIndexEvent[]; warnings: string[] }

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
    const warn = vectorIndexWarnings((m) => warnings.push(m));
    const store = openSqliteStore(path, 'p', {
      annThreshold: THRESHOLD, textIndex: false, ...options,
      onVectorIndexEvent: (e) => { events.push(e); warn(e); },
    }) as SqliteStore;
    return { store, events, warnings };
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
  async function nearest(store: SqliteStore, vector: Float32Array, kind: 'memory' | 'message' = 'memory'): Promise<string[]> {
    return (await store.searchVectors(vector, { kind, limit: 5 })).map((h) => h.item.id);
  }

  it('leave no file in the data directory, and the next open rebuilds the graphs from the table, saying so', async () => {
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
    expect(third.warnings.join('\n')).toMatch(/memory vector index: .*purge.*; building it from the database/);
    for (const r of rows.filter((_, i) => i % 40 === 3)) expect((await nearest(third.store, r.vector))[0]).toBe(r.memory.id);
    expect(await nearest(third.store, target.vector)).not.toContain(target.memory.id);
    await third.store.close();
    expect(filesHolding(dir, [target.vector, target.messageVector])).toEqual([]);
    expect(readdirSync(dir).some((f) => f.endsWith('.usearch'))).toBe(true);
  });
});

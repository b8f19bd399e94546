/**
 * A long-lived reader of viewed vector indexes follows what other processes write: a kind that had
 * no saved graph when it first searched (below the HNSW threshold) is found once another process
 * saves one, and ids read from a viewed graph's id map stay right across deletes and a newer save.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../src/models/embedders/index.js';
import { createSqliteProvider } from '../src/store/sqlite/index.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';
import type { Store } from '../src/store/store.js';
import { mem } from './contract/harness.js';

const embedder = new HashingEmbedder(64);
const WORDS = Array.from({ length: 300 }, (_, i) => `w${(i * 7919) % 1009}`);
let seed = 5;
const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const sentence = () => Array.from({ length: 6 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');

async function addMemories(store: Store, n: number): Promise<{ id: string; vector: Float32Array }[]> {
  const list = Array.from({ length: n }, () => mem(sentence()));
  await store.writeMemories(list);
  const vectors = await embedder.embed(list.map((m) => m.content));
  const rows = list.map((m, i) => ({ id: m.id, vector: vectors[i] }));
  await store.upsertVectors(rows.map((r) => ({ kind: 'memory', id: r.id, vector: r.vector })));
  return rows;
}
const top = async (store: Store, q: Float32Array, limit = 1) => (await store.searchVectors(q, { kind: 'memory', limit })).map((h) => h.item.id);
/**
 * A stored vector is found among the first ten: HNSW builds are not deterministic (threads), and under
 * load one of 1,800 hashing vectors missed the first three (1 run in 6). A stale id map would name other
 * ids for the vector, which no depth hides.
 */
const finds = async (store: Store, r: { id: string; vector: Float32Array }) => expect(await top(store, r.vector, 10)).toContain(r.id);

describe('viewed vector indexes and writes by another process', () => {
  let dataDir: string;
  const providers: { close(): Promise<void> }[] = [];
  let events: VectorIndexEvent[] = [];
  const open = async (loadIndexes?: 'warm') => {
    const onVectorIndexEvent = loadIndexes ? (e: VectorIndexEvent) => events.push(e) : undefined;
    const provider = createSqliteProvider({ dataDir, annThreshold: 500, onVectorIndexEvent, ...(loadIndexes ? { loadIndexes } : {}) });
    providers.push(provider);
    return provider.open('p');
  };
  beforeEach(async () => { events = []; dataDir = await mkdtemp(join(tmpdir(), 'mnemo-view-fresh-')); });
  afterEach(async () => {
    for (const p of providers.splice(0)) await p.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a kind with no saved graph at the first search is searched from the graph another process saves later', async () => {
    const writer = await open();
    const few = await addMemories(writer, 50);
    const reader = await open('warm');
    await finds(reader, few[7]);
    await finds(reader, few[7]);

    const many = await addMemories(writer, 1200);
    await writer.warm!(); // past the threshold: the graph is built and saved
    for (const r of [few[3], many[0], many[600], many[1199]]) await finds(reader, r);
    expect(events.map((e) => e.event)).toEqual(['exact-load', 'ann-view']);
  });

  it('ids read from a viewed graph follow deletes, re-pointed vectors and a newer save', async () => {
    const writer = await open();
    const rows = await addMemories(writer, 1200);
    await writer.warm!();
    const reader = await open('warm');
    const probe = rows.slice(0, 40);
    for (const r of probe) await finds(reader, r);

    const gone = probe[0];
    await writer.deleteVectors([{ kind: 'memory', id: gone.id }]);
    expect(await top(reader, gone.vector, 20)).not.toContain(gone.id);
    // Another memory now has the vector that led to probe[1]: the reader finds that one there.
    await writer.upsertVectors([{ kind: 'memory', id: probe[2].id, vector: probe[1].vector }]);
    expect(await top(reader, probe[1].vector, 4)).toEqual(expect.arrayContaining([probe[1].id, probe[2].id]));

    const added = await addMemories(writer, 600);
    await writer.warm!(); // a second save: another graph and id map
    for (const r of [...probe.slice(3, 20), added[0], added[599]]) await finds(reader, r);
    expect(await top(reader, gone.vector, 20)).not.toContain(gone.id);
    expect(events.map((e) => e.event)).toEqual(['ann-view']);
  });
});

import { closeSync, cpSync, existsSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../src/models/embedders/index.js';
import { createSqliteProvider } from '../src/store/sqlite/index.js';
import type { VectorIndexEvent } from '../src/store/sqlite/vector-options.js';
import type { MemoryType } from '../src/types.js';
import { mem } from './contract/harness.js';

const embedder = new HashingEmbedder(64);
const TYPES: MemoryType[] = ['fact', 'instruction', 'event'];
const WORDS = Array.from({ length: 300 }, (_, i) => `w${(i * 7919) % 1009}`);
let seed = 11;
const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const sentence = () => Array.from({ length: 6 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');

interface Row { id: string; type: MemoryType; sessionId: string; vector: Float32Array }

describe('SQLite store: searching a memory-mapped view of the saved HNSW graph (loadIndexes "warm")', () => {
  let dataDir: string;
  let rows: Row[];
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mnemo-view-'));
    const writer = createSqliteProvider({ dataDir, annThreshold: 500 });
    const store = await writer.open('p');
    const list = Array.from({ length: 1500 }, (_, i) => mem(sentence(), { type: TYPES[i % 3], sessionId: i < 400 ? 'big' : `s${i % 10}` }));
    await store.writeMemories(list);
    const vectors = await embedder.embed(list.map((m) => m.content));
    rows = list.map((m, i) => ({ id: m.id, type: m.type, sessionId: m.sessionId!, vector: vectors[i] }));
    await store.upsertVectors(rows.map((r) => ({ kind: 'memory', id: r.id, vector: r.vector })));
    await store.warm!(); // builds and saves the graph
    await writer.close();
  });
  afterEach(async () => { await rm(dataDir, { recursive: true, force: true }); });

  const exactTop = (q: Float32Array, k: number, keep: (r: Row) => boolean = () => true) =>
    rows.filter(keep).map((r) => ({ id: r.id, s: r.vector.reduce((s, x, d) => s + x * q[d], 0) })).sort((a, b) => b.s - a.s).slice(0, k).map((x) => x.id);

  it('answers like the loaded index (filters included) without loading it, and follows later writes', async () => {
    const events: VectorIndexEvent[] = [];
    const provider = createSqliteProvider({ dataDir, annThreshold: 500, loadIndexes: 'warm', onVectorIndexEvent: (e) => events.push(e) });
    const store = await provider.open('p');
    let found = 0;
    let wanted = 0;
    for (let i = 0; i < 40; i++) {
      const q = embedder.embedOne(sentence());
      const cases: [object, (r: Row) => boolean][] = [
        [{}, () => true],
        [{ types: ['event'] }, (r) => r.type === 'event'],
        [{ sessionId: 's3' }, (r) => r.sessionId === 's3'],
        [{ sessionId: 'big', types: ['fact'] }, (r) => r.sessionId === 'big' && r.type === 'fact'],
      ];
      for (const [extra, keep] of cases) {
        const got = (await store.searchVectors(q, { kind: 'memory', limit: 10, ...extra })).map((h) => h.item.id);
        const truth = exactTop(q, 10, keep);
        for (const id of got) expect(keep(rows.find((r) => r.id === id)!)).toBe(true);
        wanted += truth.length;
        found += got.filter((id) => truth.includes(id)).length;
      }
    }
    expect(found / wanted).toBeGreaterThanOrEqual(0.95);
    expect(events.map((e) => e.event)).toEqual(['ann-view']);

    // Writes after the save: a deleted vector disappears, a changed one is found where it now is.
    const q = embedder.embedOne(sentence());
    const [top] = (await store.searchVectors(q, { kind: 'memory', limit: 1 })).map((h) => h.item.id);
    await store.deleteVectors([{ kind: 'memory', id: top }]);
    expect((await store.searchVectors(q, { kind: 'memory', limit: 50 })).map((h) => h.item.id)).not.toContain(top);
    // Filter attributes come from the owner rows: a memory superseded since the save is not found.
    const [event] = (await store.searchVectors(q, { kind: 'memory', limit: 1, types: ['event'] })).map((h) => h.item.id);
    await store.setStatus(event, 'superseded');
    const events50 = (await store.searchVectors(q, { kind: 'memory', limit: 50, types: ['event'] })).map((h) => h.item.id);
    expect(events50).toHaveLength(50);
    expect(events50).not.toContain(event);
    expect(events50.every((id) => rows.find((r) => r.id === id)!.type === 'event')).toBe(true);
    const moved = rows[777].id;
    await store.upsertVectors([{ kind: 'memory', id: moved, vector: q }]);
    expect((await store.searchVectors(q, { kind: 'memory', limit: 1 }))[0].item.id).toBe(moved);
    await store.warm!(); // keeps the view: nothing is loaded (the message kind has no vectors, nothing saved)
    expect(events.filter((e) => e.kind === 'memory').map((e) => e.event)).toEqual(['ann-view']);
    await provider.close();
  });

  it('a graph changed in place (same length) is not viewed: the checksum rejects it and search still answers', async () => {
    const dir = join(dataDir, 'profiles');
    const graph = join(dir, (await readdir(dir)).find((f) => f.endsWith('.usearch'))!);
    const size = statSync(graph).size;
    const fd = openSync(graph, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, Math.floor(size / 2));
    closeSync(fd);
    expect(statSync(graph).size).toBe(size);
    const events: VectorIndexEvent[] = [];
    const provider = createSqliteProvider({ dataDir, annThreshold: 500, loadIndexes: 'warm', onVectorIndexEvent: (e) => events.push(e) });
    const store = await provider.open('p');
    const target = rows[321];
    expect((await store.searchVectors(target.vector, { kind: 'memory', limit: 1 }))[0].item.id).toBe(target.id);
    expect(events[0]).toMatchObject({ event: 'ann-reject', detail: expect.stringMatching(/checksum/) });
    expect(events.map((e) => e.event)).not.toContain('ann-view');
    await provider.close();
  });

  it('a copied data directory is hashed once, then viewed on its recorded stamp; a later write to its graph is still caught', async () => {
    const copy = `${dataDir}-copy`;
    cpSync(dataDir, copy, { recursive: true });
    try {
      const dir = join(copy, 'profiles');
      const graph = join(dir, (await readdir(dir)).find((f) => f.endsWith('.usearch'))!);
      const verified = join(dir, (await readdir(dir)).find((f) => f.endsWith('.hnsw') && f.includes('.memory.'))!) + '.verified';
      const open = async () => {
        const events: VectorIndexEvent[] = [];
        const provider = createSqliteProvider({ dataDir: copy, annThreshold: 500, loadIndexes: 'warm', onVectorIndexEvent: (e) => events.push(e) });
        const store = await provider.open('p');
        const target = rows[123];
        expect((await store.searchVectors(target.vector, { kind: 'memory', limit: 1 }))[0].item.id).toBe(target.id);
        await provider.close();
        return events.map((e) => e.event);
      };
      expect(existsSync(verified)).toBe(false);
      expect(await open()).toEqual(['ann-view']);
      const recorded = statSync(verified);
      expect(await open()).toEqual(['ann-view']);
      // Not hashed and recorded again: the file is the one the first open wrote.
      expect(statSync(verified).ino).toBe(recorded.ino);
      expect(statSync(verified).mtimeMs).toBe(recorded.mtimeMs);
      const fd = openSync(graph, 'r+');
      writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, Math.floor(statSync(graph).size / 2));
      closeSync(fd);
      const events = await open();
      expect(events[0]).toBe('ann-reject');
      expect(events).not.toContain('ann-view');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('an id map that is not key-tab-id lines is not viewed: the view reports it and search still answers', async () => {
    const manifest = join(dataDir, 'profiles', 'p.db.memory.hnsw');
    const [header, idmap] = readFileSync(manifest, 'utf8').split('\n');
    writeFileSync(manifest, `${header}\n${idmap}\n${'garbage without tabs\n'.repeat(3000)}`);
    const events: VectorIndexEvent[] = [];
    const provider = createSqliteProvider({ dataDir, annThreshold: 500, loadIndexes: 'warm', onVectorIndexEvent: (e) => events.push(e) });
    const store = await provider.open('p');
    const target = rows[123];
    expect((await store.searchVectors(target.vector, { kind: 'memory', limit: 1 }))[0].item.id).toBe(target.id);
    expect(events[0]).toMatchObject({ event: 'ann-reject', detail: expect.stringMatching(/id map/) });
    expect(events.map((e) => e.event)).not.toContain('ann-view');
    await provider.close();
  });

  it('an id map damaged between its first and last lines: the search that meets it drops the view, reports it and still answers', async () => {
    const manifest = join(dataDir, 'profiles', 'p.db.memory.hnsw');
    const lines = readFileSync(manifest, 'latin1').split('\n');
    // Lines 2..n are "key\tid": keep the first and last 200 whole, so opening the view succeeds.
    for (let i = 200; i < lines.length - 200; i++) lines[i] = lines[i]!.replace('\t', ' ');
    writeFileSync(manifest, lines.join('\n'), 'latin1');
    const events: VectorIndexEvent[] = [];
    const provider = createSqliteProvider({ dataDir, annThreshold: 500, loadIndexes: 'warm', onVectorIndexEvent: (e) => events.push(e) });
    const store = await provider.open('p');
    for (const target of [rows[700], rows[701], rows[702]]) {
      expect((await store.searchVectors(target.vector, { kind: 'memory', limit: 1 }))[0].item.id).toBe(target.id);
    }
    const seen = events.map((e) => e.event);
    expect(seen[0]).toBe('ann-view');
    expect(events.find((e) => e.event === 'ann-reject')?.detail).toMatch(/id map/);
    expect(seen.filter((e) => e === 'ann-view')).toHaveLength(1);
    await provider.close();
  });

  it('an id map cut short at a line boundary is not viewed: its recorded length tells, and search still answers', async () => {
    const manifest = join(dataDir, 'profiles', 'p.db.memory.hnsw');
    const lines = readFileSync(manifest, 'latin1').split('\n');
    writeFileSync(manifest, lines.slice(0, lines.length - 100).join('\n') + '\n', 'latin1');
    const events: VectorIndexEvent[] = [];
    const provider = createSqliteProvider({ dataDir, annThreshold: 500, loadIndexes: 'warm', onVectorIndexEvent: (e) => events.push(e) });
    const store = await provider.open('p');
    const target = rows[rows.length - 5];
    expect((await store.searchVectors(target.vector, { kind: 'memory', limit: 1 }))[0].item.id).toBe(target.id);
    expect(events[0]).toMatchObject({ event: 'ann-reject', detail: expect.stringMatching(/id map does not have the length/) });
    expect(events.map((e) => e.event)).not.toContain('ann-view');
    await provider.close();
  });
});

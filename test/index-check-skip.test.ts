/**
 * A long-lived store checks its in-memory indexes (full text, vectors) and the tier state against
 * the database before each use, and skips the check's read transaction while nothing was committed
 * since the last one (the connection's write generation stands). Whatever commits, by this
 * connection or another, is seen by the next use: writes, supersession, forget, purge, tier moves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../src/models/embedders/index.js';
import type { Connection } from '../src/store/sqlite/connection.js';
import { openSqliteStore, type SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { mem } from './contract/harness.js';

const embedder = new HashingEmbedder(64);

/** Counts the read transactions the store's connection opens. */
function countReads(store: SqliteStore): { reads: number } {
  const conn = (store as unknown as { conn: Connection }).conn;
  const counter = { reads: 0 };
  const read = conn.read.bind(conn);
  conn.read = <T>(fn: () => T): T => {
    counter.reads++;
    return read(fn);
  };
  return counter;
}

async function addMemory(store: SqliteStore, content: string, extra: Parameters<typeof mem>[1] = {}) {
  const m = mem(content, extra);
  await store.writeMemories([m]);
  const [vector] = await embedder.embed([content]);
  await store.upsertVectors([{ kind: 'memory', id: m.id, vector: vector! }]);
  return { ...m, vector: vector! };
}

const textIds = async (store: SqliteStore, word: string, statuses?: ('active' | 'superseded')[]) =>
  (await store.searchMemories({ terms: [word] }, { limit: 10, statuses })).map((h) => h.item.id).sort();
const vectorIds = async (store: SqliteStore, v: Float32Array) => (await store.searchVectors(v, { kind: 'memory', limit: 10 })).map((h) => h.item.id);

describe('index checks skipped while nothing was committed', () => {
  let dir: string;
  let file: string;
  const stores: SqliteStore[] = [];
  const open = () => {
    const s = openSqliteStore(file, 'p');
    stores.push(s);
    return s;
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-index-check-'));
    file = path.join(dir, 'p.db');
  });
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('repeated searches with no commit between them open no read transaction', async () => {
    const store = open();
    const a = await addMemory(store, 'pottery classes on weekends');
    expect(await textIds(store, 'pottery')).toEqual([a.id]);
    expect(await vectorIds(store, a.vector)).toContain(a.id);
    await store.tierLookup();
    const counter = countReads(store);
    for (let i = 0; i < 3; i++) {
      expect(await textIds(store, 'pottery')).toEqual([a.id]);
      expect(await vectorIds(store, a.vector)).toContain(a.id);
      expect((await store.tierLookup())!.hasCold).toBe(false);
    }
    expect(counter.reads).toBe(0);
  });

  it('this connection\'s writes, supersession, forget and purge are seen by the next search', async () => {
    const store = open();
    const a = await addMemory(store, 'pottery classes on weekends', { topicKey: 'caroline.hobby' });
    expect(await textIds(store, 'pottery')).toEqual([a.id]);
    expect(await vectorIds(store, a.vector)).toEqual([a.id]);
    const b = await addMemory(store, 'pottery and glazing at the studio', { topicKey: 'caroline.hobby' });
    expect(await textIds(store, 'pottery')).toEqual([b.id]); // a superseded by b: active only
    expect(await textIds(store, 'pottery', ['active', 'superseded'])).toEqual([a.id, b.id].sort());
    expect(await vectorIds(store, b.vector)).toContain(b.id);
    const c = await addMemory(store, 'climbing at the gym');
    expect(await textIds(store, 'climbing')).toEqual([c.id]);
    await store.forget(c.id, { purge: false });
    expect(await textIds(store, 'climbing')).toEqual([]);
    expect(await vectorIds(store, c.vector)).not.toContain(c.id);
    await store.forget(b.id, { purge: true });
    expect(await textIds(store, 'glazing')).toEqual([]);
    expect(await vectorIds(store, b.vector)).not.toContain(b.id);
    await store.setTier([a.id], 'cold');
    const lookup = (await store.tierLookup())!;
    expect([lookup.hasCold, lookup.isCold(a.id)]).toEqual([true, true]);
  });

  it('another connection\'s writes, forget and tier moves are seen by the next search', async () => {
    const reader = open();
    const writer = open();
    const a = await addMemory(writer, 'pottery classes on weekends');
    expect(await textIds(reader, 'pottery')).toEqual([a.id]);
    expect(await vectorIds(reader, a.vector)).toEqual([a.id]);
    expect((await reader.tierLookup())!.hasCold).toBe(false);
    const b = await addMemory(writer, 'pottery and glazing at the studio');
    expect(await textIds(reader, 'pottery')).toEqual([a.id, b.id].sort());
    expect(await vectorIds(reader, b.vector)).toContain(b.id);
    await writer.forget(a.id, { purge: false });
    expect(await textIds(reader, 'pottery')).toEqual([b.id]);
    expect(await vectorIds(reader, a.vector)).not.toContain(a.id);
    await writer.setTier([b.id], 'cold');
    const lookup = (await reader.tierLookup())!;
    expect([lookup.hasCold, lookup.isCold(b.id)]).toEqual([true, true]);
    await writer.setTier([b.id], 'hot');
    expect((await reader.tierLookup())!.hasCold).toBe(false);
  });
});

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openSqliteStore } from '../src/store/sqlite/index.js';
import { mem, msg, vec } from './contract/harness.js';

const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** Puts the store's vectors back into the layout before the last migration: one table keyed by (kind, id). */
function downgradeToKeyedVectors(path: string, rows: { kind: string; id: string; vector: Float32Array }[]): void {
  const db = new Database(path);
  db.exec(`DROP TABLE memory_vectors; DROP TABLE message_vectors;
    CREATE TABLE vectors (kind TEXT NOT NULL, id TEXT NOT NULL, dims INTEGER NOT NULL, vector BLOB NOT NULL,
      PRIMARY KEY (kind, id)) WITHOUT ROWID;`);
  const insert = db.prepare(`INSERT INTO vectors (kind, id, dims, vector) VALUES (?, ?, ?, ?)`);
  for (const r of rows) insert.run(r.kind, r.id, r.vector.length, blob(r.vector));
  db.prepare(`UPDATE meta SET value = ? WHERE key = 'schema_version'`).run(String(MIGRATIONS.length - 1));
  db.close();
}

describe('SQLite vectors keyed by their owner rows', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mnemo-vector-layout-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a store written with vectors keyed by owner id and answers from the same vectors', async () => {
    const path = join(dir, 'old.db');
    const first = openSqliteStore(path, 'old');
    const [a, b, gone] = [mem('the team deploys on fridays'), mem('lunch is at noon'), mem('an old preference')];
    const m = msg('s1', 'user', 'we deploy on fridays');
    await first.insertMessages([m]);
    await first.writeMemories([a, b, gone]);
    await first.close();
    downgradeToKeyedVectors(path, [
      { kind: 'memory', id: a.id, vector: vec(1, 0, 0) },
      { kind: 'memory', id: b.id, vector: vec(0, 1, 0) },
      { kind: 'message', id: m.id, vector: vec(1, 1, 0) },
      { kind: 'memory', id: 'no-such-memory', vector: vec(0, 0, 1) },
    ]);

    const store = openSqliteStore(path, 'old');
    expect((await store.searchVectors(vec(1, 0, 0), { kind: 'memory', limit: 5 })).map((h) => h.item.id)).toEqual([a.id, b.id]);
    expect((await store.searchVectors(vec(1, 1, 0), { kind: 'message', limit: 5 })).map((h) => h.item.id)).toEqual([m.id]);
    // The vector without an owner was never searchable and is not carried over.
    expect(await store.countVectors('memory')).toBe(2);
    expect(await store.missingVectors('memory', 10)).toEqual([{ kind: 'memory', id: gone.id }]);
    await expect(store.upsertVectors([{ kind: 'memory', id: gone.id, vector: vec(1, 2) }])).rejects.toThrow(/dimension mismatch/);
    await store.upsertVectors([{ kind: 'memory', id: gone.id, vector: vec(0, 0, 1) }]);
    expect((await store.searchVectors(vec(0, 0, 1), { kind: 'memory', limit: 1 }))[0].item.id).toBe(gone.id);
    await store.close();

    const db = new Database(path, { readonly: true });
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'vectors'`).get()).toBeUndefined();
    expect(db.prepare(`SELECT value FROM meta WHERE key = 'schema_version'`).get()).toEqual({ value: String(MIGRATIONS.length) });
    db.close();
  });

  it('keeps a memory vector only while its owner is active, and takes it along when the memory leaves', async () => {
    const store = openSqliteStore(join(dir, 'p.db'), 'p');
    const [a, b] = [mem('tabs over spaces'), mem('spaces over tabs', { status: 'superseded' })];
    await store.writeMemories([a, b]);
    await store.upsertVectors([
      { kind: 'memory', id: a.id, vector: vec(1, 0) },
      { kind: 'memory', id: b.id, vector: vec(0, 1) },
      { kind: 'memory', id: 'unknown', vector: vec(1, 1) },
    ]);
    expect(await store.countVectors('memory')).toBe(1);
    await store.setStatus(a.id, 'forgotten');
    expect(await store.countVectors('memory')).toBe(0);
    expect(await store.searchVectors(vec(1, 0), { kind: 'memory', limit: 5 })).toEqual([]);
    await store.close();
  });
});

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openSqliteStore } from '../src/store/sqlite/index.js';
import { mem, msg, vec } from './contract/harness.js';

const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
/** The first of the two steps that key vectors and entity mentions by row (found by content: steps appended later follow them). */
const LAYOUT_STEP = MIGRATIONS.findIndex((step) => step.includes('CREATE TABLE memory_vectors'));
const at = '2026-01-01T00:00:00.000Z';

/**
 * A store as written before vectors and entity mentions were keyed by their owners' row keys:
 * the older migrations only, rows written with their SQL.
 */
function writeOldStore(path: string): { a: string; b: string; gone: string; m: string } {
  const db = new Database(path);
  db.function('mnemo_fts_deferred', () => 0);
  for (const step of MIGRATIONS.slice(0, LAYOUT_STEP)) db.exec(step);
  db.prepare(`INSERT INTO meta (key, value) VALUES ('schema_version', ?)`).run(String(LAYOUT_STEP));
  const m = msg('s1', 'user', 'Luna and Orion deploy on fridays');
  db.prepare(`INSERT INTO messages (id, session_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)`).run(m.id, m.sessionId, m.role, m.content, at);
  const memories = [mem('Luna deploys on fridays'), mem('Orion eats lunch at noon'), mem('an old preference')];
  for (const x of memories) {
    db.prepare(`INSERT INTO memories (id, type, content, status, session_id, created_at, updated_at) VALUES (?, 'fact', ?, 'active', 's1', ?, ?)`)
      .run(x.id, x.content, at, at);
  }
  const [a, b, gone] = memories.map((x) => x.id);
  const vector = db.prepare(`INSERT INTO vectors (kind, id, dims, vector) VALUES (?, ?, ?, ?)`);
  vector.run('memory', a, 3, blob(vec(1, 0, 0)));
  vector.run('memory', b, 3, blob(vec(0, 1, 0)));
  vector.run('message', m.id, 3, blob(vec(1, 1, 0)));
  vector.run('memory', 'no-such-memory', 3, blob(vec(0, 0, 1)));
  const mention = db.prepare(`INSERT INTO entity_mentions (entity, kind, item_id, session_id) VALUES (?, ?, ?, 's1')`);
  for (const [entity, kind, id] of [['luna', 'message', m.id], ['orion', 'message', m.id], ['luna', 'memory', a], ['orion', 'memory', b], ['luna', 'memory', 'no-such-memory']]) mention.run(entity, kind, id);
  db.prepare(`INSERT INTO meta (key, value) VALUES ('entities.message_seq', '1'), ('entities.memory_rid', '3')`).run();
  db.close();
  return { a, b, gone, m: m.id };
}

describe('SQLite vectors and entity mentions keyed by their owner rows', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mnemo-append-layout-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a store written with the id-keyed layout and answers from the same rows', async () => {
    const path = join(dir, 'old.db');
    const { a, b, gone, m } = writeOldStore(path);

    const store = openSqliteStore(path, 'old');
    expect((await store.searchVectors(vec(1, 0, 0), { kind: 'memory', limit: 5 })).map((h) => h.item.id)).toEqual([a, b]);
    expect((await store.searchVectors(vec(1, 1, 0), { kind: 'message', limit: 5 })).map((h) => h.item.id)).toEqual([m]);
    // Rows whose owner is gone were never found and are not carried over.
    expect(await store.countVectors('memory')).toBe(2);
    expect(await store.missingVectors('memory', 10)).toEqual([{ kind: 'memory', id: gone }]);
    const luna = await store.entityMentions(['luna']);
    expect(luna.map((x) => [x.kind, x.id])).toEqual([['memory', a], ['message', m]]);
    expect(await store.entityCounts(['luna', 'orion'])).toEqual(new Map([['luna', 2], ['orion', 2]]));

    await expect(store.upsertVectors([{ kind: 'memory', id: gone, vector: vec(1, 2) }])).rejects.toThrow(/dimension mismatch/);
    await store.upsertVectors([{ kind: 'memory', id: gone, vector: vec(0, 0, 1) }]);
    expect((await store.searchVectors(vec(0, 0, 1), { kind: 'memory', limit: 1 }))[0].item.id).toBe(gone);
    // The recreated triggers still take a memory's mentions along when it leaves.
    await store.setStatus(b, 'forgotten');
    expect(await store.entityCounts(['orion'])).toEqual(new Map([['orion', 1]]));
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

  it('indexes the mentions of rows written after the migration, and a purge takes them along', async () => {
    const path = join(dir, 'old.db');
    const { m } = writeOldStore(path);
    const store = openSqliteStore(path, 'old');
    const later = msg('s2', 'user', 'Luna shipped the release');
    await store.insertMessages([later]);
    const fact = mem('Luna owns the release train', { sourceMessageIds: [later.id] });
    await store.writeMemories([fact]);
    const ids = async () => (await store.entityMentions(['luna'])).map((x) => x.id).sort();
    expect(await ids()).toEqual(expect.arrayContaining([m, later.id, fact.id]));
    await store.forget(fact.id, { purge: true });
    expect(await ids()).not.toContain(fact.id);
    expect(await ids()).not.toContain(later.id);
    expect(await ids()).toContain(m);
    await store.close();
  });
});

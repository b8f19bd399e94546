/**
 * The mention counts recall weighs a question's names by are kept per entity by triggers; they
 * must equal counting the entity index's two tables, through every way rows enter and leave it.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openSqliteStore, type SqliteStore } from '../src/store/sqlite/index.js';
import { RECENT_MENTIONS_MOVED_AT } from '../src/store/sqlite/entities.js';
import { mem, msg } from './contract/harness.js';

const NAMES = ['luna', 'orion', 'brighton', 'kestrel'];

/** Each name's mentions counted in the tables themselves (zero ones left out). */
function counted(file: string): Map<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare(`SELECT entity, count(*) AS n FROM (SELECT entity FROM entity_mentions UNION ALL
      SELECT entity FROM entity_mentions_recent) WHERE entity IN (${NAMES.map(() => '?').join(', ')}) GROUP BY entity`).all(...NAMES) as { entity: string; n: number }[];
    return new Map(rows.map((r) => [r.entity, r.n]));
  } finally {
    db.close();
  }
}

describe('stored entity mention counts', () => {
  let dir: string;
  let file: string;
  let store: SqliteStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-entitycount-'));
    file = path.join(dir, 'p.db');
    store = openSqliteStore(file, 'p');
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a fresh connection reads (nothing memoized in the store object). */
  const fresh = async (atMost?: number) => {
    const other = openSqliteStore(file, 'p');
    try {
      return await other.entityCounts(NAMES, { atMost });
    } finally {
      await other.close();
    }
  };

  it('equal the tables through indexing, the move of recent mentions, purge, forget and supersession', async () => {
    const turns = Array.from({ length: RECENT_MENTIONS_MOVED_AT / 2 + 10 }, (_, i) =>
      msg(`s${i % 7}`, 'user', `We took Luna and Orion to Brighton on trip ${i}.`));
    await store.insertMessages(turns);
    await store.indexEntities();
    expect(counted(file).get('luna')).toBe(turns.length);
    expect(await fresh()).toEqual(counted(file));

    const [a, b] = (await store.writeMemories([mem('Luna went to Brighton with Kestrel', { sourceMessageIds: [turns[0].id] }), mem('Kestrel runs the Orion project')])).written;
    await store.indexEntities();
    expect(await fresh()).toEqual(counted(file));
    await store.forget(a.id, { purge: true });
    await store.forget(b.id, { purge: false });
    await store.indexEntities();
    expect(await fresh()).toEqual(counted(file));
    expect((await fresh()).get('kestrel')).toBeUndefined();
  });

  it('equal the tables after a move that meets a mention already in entity_mentions', async () => {
    // Three names a turn: the mentions stay below a move until the last 20 turns.
    const turns = Array.from({ length: Math.floor(RECENT_MENTIONS_MOVED_AT / 3) - 10 }, (_, i) =>
      msg(`s${i % 7}`, 'user', `We took Luna and Orion to Brighton on trip ${i}.`));
    await store.insertMessages(turns);
    await store.indexEntities();
    // A recent mention also in the other table (as the triggers count it: twice until the move).
    const db = new Database(file);
    db.exec(`INSERT INTO entity_mentions (entity, kind, item_key, item_id, session_id)
      SELECT entity, kind, item_key, item_id, session_id FROM entity_mentions_recent WHERE entity = 'luna' LIMIT 1`);
    db.close();
    expect(counted(file).get('luna')).toBe(turns.length + 1);
    expect(await fresh()).toEqual(counted(file));
    await store.insertMessages(Array.from({ length: 20 }, (_, i) => msg('s9', 'user', `Luna met Kestrel in Brighton, part ${i}.`)));
    await store.indexEntities();
    const db2 = new Database(file, { readonly: true });
    expect(db2.prepare(`SELECT count(*) AS n FROM entity_mentions_recent`).get()).toEqual({ n: 0 });
    db2.close();
    expect(counted(file).get('luna')).toBe(turns.length + 20);
    expect(await fresh()).toEqual(counted(file));
  });

  it('read as one past `atMost` when over it, as when counting stopped there', async () => {
    await store.insertMessages(Array.from({ length: 30 }, (_, i) => msg('s1', 'user', `We called Luna about Orion, part ${i}.`)));
    await store.indexEntities();
    expect((await fresh(10)).get('luna')).toBe(11);
    expect((await fresh(30)).get('luna')).toBe(30);
    expect((await fresh()).get('luna')).toBe(30);
  });

  it('start from the mentions a store already had when it is upgraded', async () => {
    await store.insertMessages(Array.from({ length: 40 }, (_, i) => msg('s1', 'user', `We saw Luna and Orion in Brighton, day ${i}.`)));
    await store.indexEntities();
    const before = counted(file);
    await store.close();
    // Back to the schema before the stored counts, mentions kept.
    const step = MIGRATIONS.findIndex((s) => s.includes('CREATE TABLE entity_counts'));
    const db = new Database(file);
    db.exec(`DROP TRIGGER entity_mentions_count_ai; DROP TRIGGER entity_mentions_count_ad;
      DROP TRIGGER entity_mentions_recent_count_ai; DROP TRIGGER entity_mentions_recent_count_ad; DROP TABLE entity_counts`);
    db.prepare(`UPDATE meta SET value = ? WHERE key = 'schema_version'`).run(String(step));
    db.close();
    store = openSqliteStore(file, 'p');
    expect(await store.entityCounts(NAMES)).toEqual(before);
    await store.insertMessages([msg('s2', 'user', 'We saw Luna again.')]);
    await store.indexEntities();
    expect((await fresh()).get('luna')).toBe(41);
    expect(await fresh()).toEqual(counted(file));
  });
});

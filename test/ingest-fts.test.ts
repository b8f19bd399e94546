import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import { mem, msg } from './contract/harness.js';

/** Bulk writers index their rows in one statement (migration 3); every path must stay searchable. */
describe('full-text index of bulk writes', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'mnemo-fts-')); });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  const integrity = (path: string) => {
    const db = new Database(path);
    db.function('mnemo_fts_deferred', () => 0);
    db.exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check');
      INSERT INTO memories_fts (memories_fts) VALUES ('integrity-check');`);
    db.close();
  };

  it('indexes batched messages and memories, duplicates once, and rows written one by one', async () => {
    const path = join(dir, 'p.db');
    const store = openSqliteStore(path, 'p');
    await store.insertMessages([msg('s', 'user', 'the zebra crossing'), msg('s', 'user', 'a yak farm')]);
    await store.insertMessages([msg('s', 'user', 'the zebra crossing'), msg('s', 'user', 'an okapi sighting')]);
    expect((await store.searchMessages({ terms: ['zebra'] }, { limit: 5 }))).toHaveLength(1);
    expect((await store.searchMessages({ terms: ['okapi'] }, { limit: 5 }))).toHaveLength(1);
    const res = await store.writeMemories([mem('Caroline keeps bees', { tags: ['apiary'] }), mem('Mel paints lakes', { queries: ['What does Mel paint?'] })]);
    expect(res.written.map((m) => m.content)).toEqual(['Caroline keeps bees', 'Mel paints lakes']);
    expect(res.written).toEqual(await store.getMemories(res.written.map((m) => m.id)));
    expect(await store.searchMemories({ terms: ['apiary'] }, { limit: 5 })).toHaveLength(1);
    expect(await store.searchMemories({ terms: ['paint'] }, { limit: 5 })).toHaveLength(1);
    await store.close();
    // A writer outside the bulk paths (an import, another tool) is indexed by the trigger.
    const db = new Database(path);
    db.function('mnemo_fts_deferred', () => 0);
    db.prepare(`INSERT INTO messages (id, session_id, role, content, created_at) VALUES ('x', 's', 'user', 'a lone narwhal', 'now')`).run();
    db.close();
    const again = openSqliteStore(path, 'p');
    expect(await again.searchMessages({ terms: ['narwhal'] }, { limit: 5 })).toHaveLength(1);
    await again.close();
    integrity(path);
  });
});

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import { RECENT_MENTIONS_MOVED_AT } from '../src/store/sqlite/entities.js';
import { mem, msg } from './contract/harness.js';

const recentRows = (path: string): number => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM entity_mentions_recent`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('SQLite entity mentions written to the recent table first', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mnemo-recent-mentions-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers the same before and after they move to the entity-ordered table', async () => {
    const path = join(dir, 'p.db');
    const store = openSqliteStore(path, 'p');
    // Two mentions a message (Marisol, Okonkwo); the last message names Quintavalle alone.
    const perMessage = 2;
    const first = Array.from({ length: 100 }, (_, i) => msg(`s${i % 7}`, 'user', `Then Marisol reviewed ticket ${i} with Okonkwo.`));
    await store.insertMessages(first);
    const fact = mem('The billing service belongs to Marisol', { sessionId: 's1' });
    await store.writeMemories([fact]);
    expect(await store.entityCounts(['marisol', 'okonkwo', 'quintavalle'])).toEqual(new Map([['marisol', 101], ['okonkwo', 100]]));
    expect(recentRows(path)).toBe(201);
    const before = await store.entityMentions(['marisol'], { limit: 1000 });

    const more = Math.ceil(RECENT_MENTIONS_MOVED_AT / perMessage);
    const second = Array.from({ length: more }, (_, i) => msg(`s${i % 7}`, 'user', `Then Marisol closed ticket ${i} with Okonkwo.`));
    await store.insertMessages([...second, msg('s9', 'user', 'Then Quintavalle signed the lease.')]);
    await store.indexEntities();
    // Moved: the recent table holds only what came after the move (here: nothing).
    expect(recentRows(path)).toBeLessThan(RECENT_MENTIONS_MOVED_AT);
    expect(await store.entityCounts(['marisol', 'okonkwo', 'quintavalle'])).toEqual(new Map([['marisol', 101 + more], ['okonkwo', 100 + more], ['quintavalle', 1]]));
    const after = await store.entityMentions(['marisol'], { limit: 100_000 });
    expect(after).toHaveLength(101 + more);
    expect(after.filter((m) => before.some((b) => b.id === m.id))).toEqual(expect.arrayContaining(before));
    expect((await store.listEntities()).map((e) => [e.entity, e.mentions])).toEqual([['marisol', 101 + more], ['okonkwo', 100 + more], ['quintavalle', 1]]);
    await store.close();
  });

  it('drops a recent mention when its message is purged or its memory leaves', async () => {
    const path = join(dir, 'p.db');
    const store = openSqliteStore(path, 'p');
    const m = msg('s1', 'user', 'Yesterday Luna shipped the release with Orion.');
    await store.insertMessages([m]);
    const fact = mem('The release train belongs to Luna');
    await store.writeMemories([fact]);
    expect(await store.entityCounts(['luna', 'orion'])).toEqual(new Map([['luna', 2], ['orion', 1]]));
    expect(recentRows(path)).toBe(3);
    await store.setStatus(fact.id, 'forgotten');
    expect(await store.entityCounts(['luna'])).toEqual(new Map([['luna', 1]]));
    await store.forget(fact.id, { purge: true });
    await store.close();
    const db = new Database(path);
    db.function('mnemo_fts_deferred', () => 0);
    db.prepare(`UPDATE messages SET content = '[purged]' WHERE id = ?`).run(m.id);
    db.close();
    expect(recentRows(path)).toBe(0);
  });
});

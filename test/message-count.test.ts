import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openSqliteStore, type SqliteStore } from '../src/store/sqlite/index.js';
import { mem, msg } from './contract/harness.js';

/** The count recall reads (a row kept by triggers) against the table itself. */
function counted(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM messages`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('the number of messages recall weighs entities by, without scanning the table', () => {
  let dir: string;
  let file: string;
  let store: SqliteStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-msgcount-'));
    file = path.join(dir, 'p.db');
    store = openSqliteStore(file, 'p');
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const fresh = async () => {
    // A new connection: nothing memoized in the store object.
    const other = openSqliteStore(file, 'p');
    try {
      return await other.countMessages();
    } finally {
      await other.close();
    }
  };

  it('stays equal to the table through ingest, repeats, purge and both imports', async () => {
    const a = [msg('s1', 'user', 'We took Luna to Brighton.'), msg('s1', 'assistant', 'Noted.'), msg('s2', 'user', 'Orion starts Monday.')];
    await store.insertMessages(a);
    await store.insertMessages([a[0], msg('s2', 'user', 'Orion starts Monday.'), msg('s3', 'user', 'New one.')]); // two repeats, one new
    expect(await fresh()).toBe(4);
    expect(counted(file)).toBe(4);

    // Purging a memory erases its source messages' content; the rows stay, and so does the count.
    const [written] = (await store.writeMemories([mem('Luna went to Brighton', { sourceMessageIds: [a[0].id] })])).written;
    await store.forget(written.id, { purge: true });
    expect(await fresh()).toBe(counted(file));

    const dump = await store.dump();
    const target = openSqliteStore(path.join(dir, 'q.db'), 'q');
    try {
      await target.insertMessages([msg('s9', 'user', 'Already here.'), a[1]]);
      await target.load(dump, 'merge');
      expect(await target.countMessages()).toBe(counted(path.join(dir, 'q.db')));
      expect(counted(path.join(dir, 'q.db'))).toBe(5);
      await target.load(dump, 'replace');
      expect(await target.countMessages()).toBe(counted(path.join(dir, 'q.db')));
    } finally {
      await target.close();
    }
  });

  it('is unchanged by a transaction that never committed (a crash mid-write) and follows deletes', async () => {
    await store.insertMessages([msg('s1', 'user', 'one'), msg('s1', 'user', 'two')]);
    const db = new Database(file);
    db.function('mnemo_fts_deferred', () => 0);
    db.exec('BEGIN');
    const m = msg('s1', 'user', 'three');
    db.prepare(`INSERT INTO messages (id, session_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)`).run(m.id, m.sessionId, m.role, m.content, '2026-01-01T00:00:00.000Z');
    db.close(); // no COMMIT: the write is lost as if the process had died
    expect(await fresh()).toBe(2);

    const raw = new Database(file);
    raw.prepare(`DELETE FROM messages WHERE content = 'one'`).run();
    raw.close();
    expect(await fresh()).toBe(1);
    expect(counted(file)).toBe(1);
  });

  it('starts from the rows a store already had when it is upgraded', async () => {
    await store.close();
    rmSync(file, { force: true });
    const step = MIGRATIONS.findIndex((s) => s.includes('CREATE TABLE row_counts'));
    const db = new Database(file);
    db.function('mnemo_fts_deferred', () => 0);
    for (const s of MIGRATIONS.slice(0, step)) db.exec(s);
    db.prepare(`INSERT INTO meta (key, value) VALUES ('schema_version', ?)`).run(String(step));
    const insert = db.prepare(`INSERT INTO messages (id, session_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)`);
    for (const text of ['one', 'two', 'three']) {
      const m = msg('s1', 'user', text);
      insert.run(m.id, m.sessionId, m.role, m.content, '2026-01-01T00:00:00.000Z');
    }
    db.close();
    store = openSqliteStore(file, 'p');
    expect(await store.countMessages()).toBe(3);
    await store.insertMessages([msg('s1', 'user', 'four')]);
    expect(await fresh()).toBe(4);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../src/store/sqlite/index.js';
import { createRng } from '../src/bench/perf/prng.js';
import { mem } from './contract/harness.js';

/** What the store's held topic-key lists must always equal: the query itself, on a connection of its own. */
function fromDisk(file: string, prefix: string, limit: number): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`SELECT DISTINCT topic_key FROM memories WHERE status = 'active' AND topic_key IS NOT NULL
      AND substr(topic_key, 1, length(?)) = ? ORDER BY topic_key LIMIT ?`).all(prefix, prefix, limit) as { topic_key: string }[]).map((r) => r.topic_key);
  } finally {
    db.close();
  }
}

describe('topic keys held between memory writes', () => {
  let dir: string;
  let file: string;
  let store: SqliteStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-key-memo-'));
    file = path.join(dir, 'p.db');
    store = openSqliteStore(file, 'p');
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const asks: [string, number][] = [['', 1000], ['', 5], ['user.', 3], ['b', -1]];
  const check = async (when: string) => {
    for (const [prefix, limit] of asks) expect(await store.topicKeys(prefix, limit), `${when}: "${prefix}" ${limit}`).toEqual(fromDisk(file, prefix, limit));
  };

  it('equal the query after writes that add keys, supersede, repeat, or arrive superseded, and after message writes', async () => {
    const rng = createRng(11);
    const words = ['user.theme', 'user.editor', 'a.first', 'b.second', 'zz.last', 'user.pet', 'b.a', 'é.accent', '😀.emoji', 'ﬀ.ligature'];
    await check('empty');
    for (let round = 0; round < 40; round++) {
      const batch = Array.from({ length: 1 + rng.int(4) }, (_, i) => {
        const key = `${words[rng.int(words.length)]}${rng.int(3) === 0 ? `.${rng.int(50)}` : ''}`;
        // Some arrive older than what is there (superseded on arrival), some are tasks or without a key.
        const at = new Date(Date.UTC(2026, 0, 1) + (rng.int(5) === 0 ? -1 : 1) * (round * 10 + i) * 60_000).toISOString();
        return mem(`statement ${round}.${i} about ${key}`, { topicKey: rng.int(6) === 0 ? null : key, type: rng.int(5) === 0 ? 'task' : 'fact', createdAt: at, updatedAt: at });
      });
      await store.writeMemories(batch);
      await check(`round ${round}`);
      // Writing messages changes no memory: the held lists carry across it.
      await store.insertMessages([{ id: `m${round}`, sessionId: 's', role: 'user', content: `message ${round}`, timestamp: null, metadata: null }]);
      await check(`round ${round}, after messages`);
    }
  });

  it('are read again after any other change: a forget here, a write by another connection', async () => {
    const [a] = (await store.writeMemories([mem('the theme is dark', { topicKey: 'user.theme' }), mem('the pet is a cat', { topicKey: 'user.pet' })])).written;
    await check('written');
    await store.forget(a!.id, { purge: false });
    await check('after a forget');
    const other = openSqliteStore(file, 'p');
    await other.writeMemories([mem('the editor is vim', { topicKey: 'user.editor' })]);
    await other.close();
    await check('after another connection wrote');
    await store.writeMemories([mem('the shell is fish', { topicKey: 'user.shell' })]);
    await check('after a write here again');
  });
});


import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Connection } from '../src/store/sqlite/connection.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-page-cache-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cacheKb = (conn: Connection) => -(conn.db.pragma('cache_size', { simple: true }) as number);

describe('SQLite page cache per connection', () => {
  it('is capped at pageCacheMb, keeps the driver default without it, and bulk writers keep their large one', () => {
    const capped = new Connection(path.join(dir, 'a.db'), { pageCacheMb: 4 });
    const plain = new Connection(path.join(dir, 'a.db'));
    const bulk = new Connection(path.join(dir, 'a.db'), { pageCacheMb: 4, bulkWrites: true });
    try {
      expect(cacheKb(capped)).toBe(4096);
      expect(cacheKb(plain)).toBe(16000);
      expect(cacheKb(bulk)).toBe(262144);
    } finally {
      for (const c of [capped, plain, bulk]) c.close();
    }
  });

  it('refuses a cap that is not a positive number of MB, naming the option', () => {
    for (const bad of [0, -1, Number.NaN, Infinity]) {
      expect(() => new Connection(path.join(dir, 'b.db'), { pageCacheMb: bad })).toThrow(/pageCacheMb must be a number of MB/);
    }
  });

  it('reaches the stores a provider opens, which still read and write', async () => {
    const provider = createSqliteProvider({ dataDir: dir, pageCacheMb: 2 });
    const store = await provider.open('p');
    try {
      expect(cacheKb((store as unknown as { conn: Connection }).conn)).toBe(2048);
      await store.setMeta('k', 'v');
      expect(await store.getMeta('k')).toBe('v');
    } finally {
      await store.close();
    }
  });
});

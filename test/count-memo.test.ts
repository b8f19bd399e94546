import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../src/store/sqlite/connection.js';
import { openSqliteStore, type SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { msg } from './contract/harness.js';

describe('counts a recall asks for every time (messages, mentions of a name)', () => {
  let dir: string;
  let server: SqliteStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-counts-'));
    server = openSqliteStore(path.join(dir, 'p.db'), 'p');
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('follow writes made through another connection and through this one', async () => {
    await server.insertMessages([msg('s1', 'user', 'We took Luna to Brighton.'), msg('s1', 'user', 'Luna loved it.')]);
    expect(await server.countMessages()).toBe(2);
    expect(await server.entityCounts(['luna', 'brighton'], { atMost: 10 })).toEqual(new Map([['luna', 2], ['brighton', 1]]));
    // Another process appends to the same profile.
    const other = openSqliteStore(path.join(dir, 'p.db'), 'p');
    await other.insertMessages([msg('s2', 'user', 'Luna is at the vet today.')]);
    await other.close();
    expect(await server.countMessages()).toBe(3);
    expect((await server.entityCounts(['luna'], { atMost: 10 })).get('luna')).toBe(3);
    // The cap is part of the question: counting stops one past it.
    expect((await server.entityCounts(['luna'], { atMost: 1 })).get('luna')).toBe(2);
    await server.insertMessages([msg('s3', 'user', 'Brighton again with Luna.')]);
    expect(await server.countMessages()).toBe(4);
    expect(await server.entityCounts(['luna', 'brighton'], { atMost: 10 })).toEqual(new Map([['luna', 4], ['brighton', 2]]));
  });

  it("stand through a recall's access log, which changes no message or mention, and not past other commits", async () => {
    await server.insertMessages([msg('s1', 'user', 'We took Luna to Brighton.'), msg('s1', 'user', 'Luna loved it.')]);
    const ask = async () => [await server.countMessages(), (await server.entityCounts(['luna'], { atMost: 10 })).get('luna')];
    expect(await ask()).toEqual([2, 2]);
    const counting = vi.spyOn(Connection.prototype, 'get');
    try {
      await server.appendAccesses([{ memoryId: 'm1', hits: 1, at: new Date().toISOString(), rehydrate: false }]);
      counting.mockClear();
      expect(await ask()).toEqual([2, 2]);
      expect(counting.mock.calls.filter(([sql]) => /count\(\*\)/.test(String(sql)))).toEqual([]);
    } finally {
      counting.mockRestore();
    }
    // Another process commits first: the next access log must not carry the answers past it.
    const other = openSqliteStore(path.join(dir, 'p.db'), 'p');
    await other.insertMessages([msg('s2', 'user', 'Luna is at the vet today.')]);
    await other.close();
    await server.appendAccesses([{ memoryId: 'm1', hits: 1, at: new Date().toISOString(), rehydrate: false }]);
    expect(await ask()).toEqual([3, 3]);
  });
});

/**
 * Memory rows a store keeps stand through its own access-log write (which changes no memory row),
 * but never past a commit that came before that write, and never through a fold of the log (which
 * changes use counts and tiers).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../src/store/sqlite/index.js';
import { mem } from './contract/harness.js';

let dir: string;
const stores: SqliteStore[] = [];
const open = () => {
  const s = openSqliteStore(join(dir, 'p.db'), 'p');
  stores.push(s);
  return s;
};
const access = (memoryId: string, rehydrate = false) => [{ memoryId, hits: 1, at: new Date().toISOString(), rehydrate }];
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'mnemo-row-carry-')); });
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  await rm(dir, { recursive: true, force: true });
});

it('a write by this store before the access-log write shows in the next read', async () => {
  const store = open();
  const [m] = (await store.writeMemories([mem('Gus repairs clocks')])).written;
  expect((await store.getMemories([m.id]))[0].status).toBe('active');
  await store.setStatus(m.id, 'forgotten');
  await store.appendAccesses(access(m.id));
  expect((await store.getMemories([m.id]))[0].status).toBe('forgotten');
  expect(await store.searchMemories({ terms: ['clocks'] }, { limit: 5 })).toEqual([]);
});

it('a write by another connection before the access-log write shows in the next read', async () => {
  const store = open();
  const [m] = (await store.writeMemories([mem('Gus repairs clocks')])).written;
  expect((await store.searchMemories({ terms: ['clocks'] }, { limit: 5 })).map((h) => h.item.id)).toEqual([m.id]);
  expect((await store.getMemories([m.id]))[0].status).toBe('active');
  await open().setStatus(m.id, 'forgotten');
  await store.appendAccesses(access(m.id));
  expect((await store.getMemories([m.id]))[0].status).toBe('forgotten');
  expect(await store.searchMemories({ terms: ['clocks'] }, { limit: 5 })).toEqual([]);
});

it('rows read before a fold show its use count and rehydrated tier after it', async () => {
  const store = open();
  const [m] = (await store.writeMemories([mem('Gus repairs clocks')])).written;
  await store.setTier([m.id], 'cold');
  expect((await store.getMemories([m.id]))[0]).toMatchObject({ tier: 'cold', accessCount: 0 });
  await store.appendAccesses(access(m.id, true));
  expect((await store.getMemories([m.id]))[0]).toMatchObject({ tier: 'cold', accessCount: 0 });
  expect((await store.foldAccesses(100)).rehydrated).toEqual([m.id]);
  expect((await store.getMemories([m.id]))[0]).toMatchObject({ tier: 'hot', accessCount: 1 });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import { mem } from './contract/harness.js';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'mnemo-rows-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

it('memory rows read again after a write by this or another connection show the write', async () => {
  const path = join(dir, 'p.db');
  const reader = openSqliteStore(path, 'p');
  const writer = openSqliteStore(path, 'p');
  const [otter, heron] = (await writer.writeMemories([mem('Eli watches otters'), mem('Eli watches herons')])).written;
  const search = async () => (await reader.searchMemories({ terms: ['watches'] }, { limit: 5 })).map((h) => h.item.content).sort();
  expect(await search()).toEqual(['Eli watches herons', 'Eli watches otters']);
  expect((await reader.getMemories([otter.id, heron.id])).map((m) => m.status)).toEqual(['active', 'active']);

  await writer.forget(otter.id, { purge: false });
  expect(await search()).toEqual(['Eli watches herons']);
  expect((await reader.getMemories([otter.id, heron.id])).map((m) => m.status)).toEqual(['forgotten', 'active']);

  await reader.setStatus(heron.id, 'done');
  expect(await search()).toEqual([]);
  expect((await reader.getMemories([heron.id]))[0].status).toBe('done');
  await reader.close();
  await writer.close();
});

it('rows read twice are equal objects, not the same object: a caller changing one changes no other read', async () => {
  const store = openSqliteStore(join(dir, 'p.db'), 'p');
  const [m] = (await store.writeMemories([mem('Fay keeps bees', { tags: ['hobby'] })])).written;
  const [a] = await store.getMemories([m.id]);
  a.tags.push('changed');
  const [b] = await store.getMemories([m.id]);
  expect(b).not.toBe(a);
  expect(b.tags).toEqual(['hobby']);
  await store.close();
});

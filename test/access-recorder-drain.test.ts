/** Reads by id reach the memory rows by the next drain, even right after another fold or a failed write. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import type { Store } from '../src/store/store.js';

let dir: string;
let mnemo: MnemoApi;
let p: ProfileApi;
const warnings: string[] = [];
const rawStore = () => (p as unknown as { store(): Promise<Store> }).store();

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-access-drain-'));
  warnings.length = 0;
  mnemo = openMemory({ dataDir: dir, embedder: false, worker: { background: false }, onWarning: (w) => warnings.push(w) });
  p = mnemo.profile('reads');
});
afterEach(async () => {
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

it('folds a second read drained moments after the first (no fold job was pending for it)', async () => {
  const { memory } = await p.remember({ content: 'The user keeps bees on the roof' });
  await p.get(memory.id);
  await p.drain();
  expect(await (await rawStore()).getMemory(memory.id)).toMatchObject({ accessCount: 1 });
  await p.get(memory.id);
  await p.drain();
  expect(await (await rawStore()).getMemory(memory.id)).toMatchObject({ accessCount: 2 });
});

it('keeps reads whose write failed and writes them with the next flush', async () => {
  const { memory } = await p.remember({ content: 'The user keeps bees on the roof' });
  const store = await rawStore();
  const append = vi.spyOn(store, 'appendAccesses').mockRejectedValueOnce(new Error('database is locked'));
  await p.get(memory.id);
  await p.drain();
  expect(warnings.join('\n')).toMatch(/could not record memory accesses: Error: database is locked/);
  expect(await store.getMemory(memory.id)).toMatchObject({ accessCount: 0 });
  await p.drain();
  expect(append).toHaveBeenCalledTimes(2);
  expect(await store.getMemory(memory.id)).toMatchObject({ accessCount: 1 });
});

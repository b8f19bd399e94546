import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';

let dir: string;
let opened: MnemoApi[] = [];
const open = (recallThreads: number) => {
  const m = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, recallThreads, loadIndexes: 'background' });
  opened.push(m);
  return m;
};

beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-warm-')); });
afterEach(async () => {
  await Promise.all(opened.map((m) => m.close()));
  opened = [];
  rmSync(dir, { recursive: true, force: true });
});

describe('warm in the background', () => {
  for (const threads of [0, 1]) {
    it(`readies a profile and answers recall while its indexes load (${threads} recall threads)`, async () => {
      const p = open(threads).profile('bg');
      await p.remember({ content: 'The nightly backup runs on the Hetzner box.' });
      await p.drain();
      await p.warm({ background: true });
      const r = await p.recall('where does the nightly backup run?');
      expect(r.memories[0]?.content).toContain('Hetzner');
      await p.warm();
      expect((await p.recall('where does the nightly backup run?')).memories[0]?.content).toContain('Hetzner');
    });
  }

  it('records no access for the warm-up recall', async () => {
    const p = open(0).profile('quiet');
    const m = await p.remember({ content: 'Alex decided on PostgreSQL for the database last Tuesday.' });
    await p.warm();
    await p.get(m.memory.id);
    await p.drain();
    // The read by id counts; the warm-up recall, which finds this memory, does not.
    expect((await p.get(m.memory.id)).accessCount).toBe(1);
  });
});

/**
 * The archive gate keeps what it read of the archive (postings of a word, each entry's term keys,
 * member counts) until the archive is rewritten. A rewrite by this handle or by another one on the
 * same data directory is seen by the next recall asking the same words. The gate reads the archive
 * on a miss (a cold memory that leads and answers is ranked without it): here every pass counts as
 * one, so each recall reads it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { setRecallTuning } from '../src/recall/tuning.js';

let dir: string;
const handles: MnemoApi[] = [];
const open = () => {
  const m = openMemory({ dataDir: dir, embedder: false, worker: { background: false }, recallCacheMs: 0, onWarning: () => {} });
  handles.push(m);
  return m.profile('p');
};
const why = async (p: ProfileApi, q: string) => (await p.recall(q)).reading.tiers?.why.join(' ') ?? '';

beforeEach(async () => {
  setRecallTuning({ escalateBelow: 1.01 });
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-archive-fresh-'));
  const p = open();
  await p.remember({ content: 'The billing service uses PostgreSQL as its database.', type: 'fact', topicKey: 'billing.database' });
  await p.remember({ content: 'The search cluster runs in eu-west-1.', type: 'fact', topicKey: 'search.region' });
  await p.tier({ coldBelow: 1 });
});
afterEach(async () => {
  setRecallTuning({});
  await Promise.all(handles.splice(0).map((m) => m.close()));
  rmSync(dir, { recursive: true, force: true });
});

it('a key archived after a recall asked its word is matched by the next recall', async () => {
  const p = open();
  const q = 'which database does the payments service use?';
  for (let i = 0; i < 2; i++) {
    const before = await why(p, q);
    expect(before).toContain('topic:billing.database');
    expect(before).not.toContain('payments');
  }
  await p.remember({ content: 'The payments service uses MySQL as its database.', type: 'fact', topicKey: 'payments.database' });
  await p.tier({ coldBelow: 1 });
  expect(await why(p, q)).toContain('topic:payments.database');
});

it('an archive rewritten by another handle is read anew', async () => {
  const p = open();
  const q = 'which region does the payments cluster run in?';
  await why(p, q);
  expect(await why(p, q)).not.toContain('payments');
  const other = open();
  await other.remember({ content: 'The payments cluster runs in us-east-2.', type: 'fact', topicKey: 'payments.region' });
  await other.tier({ coldBelow: 1 });
  expect(await why(p, q)).toContain('topic:payments.region');
});

it('a memory leaving the cold tier leaves the archive the next recall reads', async () => {
  const p = open();
  const q = 'which region does the search cluster run in?';
  await why(p, q);
  expect(await why(p, q)).toContain('topic:search.region');
  const id = (await p.list({ topicKey: 'search.region' })).items[0]!.id;
  await p.update(id, { pinned: true });
  await p.tier({ coldBelow: 1 });
  const after = await p.recall(q);
  expect(after.reading.tiers?.why.join(' ') ?? '').not.toContain('topic:search.region');
  expect(after.memories.find((m) => m.id === id)?.tier).toBe('hot');
});

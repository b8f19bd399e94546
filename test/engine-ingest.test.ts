import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import type { MnemoApi } from '../src/api.js';
import { locomoMessages } from './support/locomo.js';

let dir: string;
let mem: MnemoApi;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-ingest-'));
  mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
});
afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ingestAll(profile: ReturnType<MnemoApi['profile']>, msgs: ReturnType<typeof locomoMessages>) {
  for (let i = 0; i < msgs.length; i += 500) await profile.ingest(msgs.slice(i, i + 500), { wait: true });
}

describe('ingest', () => {
  it('is idempotent: a LoCoMo conversation ingested twice leaves identical counts', async () => {
    const p = mem.profile('locomo');
    const msgs = locomoMessages('conv-26');
    await ingestAll(p, msgs);
    const first = await p.stats();
    expect(first.messages).toBe(msgs.length);
    expect(first.memories.active).toBeGreaterThan(50);
    await ingestAll(p, msgs);
    const second = await p.stats();
    expect(second.messages).toBe(first.messages);
    expect(second.memories).toEqual(first.memories);
    const again = await p.ingest(msgs.slice(0, 20));
    expect(again).toMatchObject({ inserted: 0, duplicates: 20, jobId: null });
  });

  it('returns the memories of the batch with wait, with provenance back to the messages', async () => {
    const p = mem.profile('wait');
    const res = await p.ingest(
      [
        { role: 'user', content: 'I switched our package manager to pnpm last week.', timestamp: '2026-04-15T10:00:00Z' },
        { role: 'user', content: 'Always run the linter before deploying to production.', timestamp: '2026-04-15T10:01:00Z' },
      ],
      { sessionId: 's1', wait: true },
    );
    expect(res.inserted).toBe(2);
    expect(res.memories!.length).toBeGreaterThan(0);
    for (const m of res.memories!) expect(res.messageIds).toEqual(expect.arrayContaining(m.sourceMessageIds));
    const types = res.memories!.map((m) => m.type);
    expect(types).toContain('instruction');
  });

  it('keeps message metadata and returns it when recalled', async () => {
    const p = mem.profile('meta');
    await p.ingest([{ role: 'user', content: 'The staging database lives on host db-staging-3.', metadata: { turn: 'D1:1' } }], { wait: true });
    const r = await p.recall('which host is the staging database on');
    const msg = r.messages.find((m) => m.content.includes('db-staging-3'));
    expect(msg?.metadata).toEqual({ turn: 'D1:1' });
  });

  it('rejects bad batches before writing anything', async () => {
    const p = mem.profile('bad');
    await p.remember({ content: 'exists' });
    const good = { role: 'user' as const, content: 'fine' };
    await expect(p.ingest([])).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(p.ingest([good, { role: 'user', content: '   ' }])).rejects.toThrow(/\[1\]\.content: content is empty/);
    // A long message is split into parts (reliability-ingest-split.test.ts); the whole call has a limit.
    await expect(p.ingest([good, { role: 'user', content: 'x'.repeat(1_000_001) }])).rejects.toThrow(/longer than 1000000/);
    await expect(p.ingest([good, { role: 'user', content: 'x'.repeat(600_000) }, { role: 'user', content: 'y'.repeat(600_000) }])).rejects.toThrow(/at most 1000000 characters of content per ingest call/);
    await expect(p.ingest(Array.from({ length: 501 }, () => good))).rejects.toThrow(/at most 500/);
    await expect(p.ingest([{ role: 'robot', content: 'hi' } as never])).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(p.ingest([{ role: 'user', content: 42 } as never])).rejects.toThrow(/content must be a string/);
    await expect(p.ingest([{ ...good, timestamp: 'not a date' }])).rejects.toThrow(/invalid timestamp/);
    expect((await p.stats()).messages).toBe(0);
  });

  it('redacts secrets in ingested messages before storing them', async () => {
    const p = mem.profile('secrets');
    const res = await p.ingest([{ role: 'user', content: 'use OPENAI key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD for the bot' }], { wait: true });
    expect(res.redactions.length).toBe(1);
    const dump = await p.export();
    expect(JSON.stringify(dump)).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789');
  });

  it('isolates profiles: nothing written to one is visible from another', async () => {
    const a = mem.profile('alpha');
    const b = mem.profile('beta');
    await a.ingest([{ role: 'user', content: 'My favourite editor is Helix.' }], { wait: true });
    await a.remember({ content: 'The deploy key rotates every 90 days.' });
    await expect(b.list()).rejects.toMatchObject({ code: 'not_found' });
    await b.remember({ content: 'Beta keeps its own notes.' });
    expect((await b.stats()).messages).toBe(0);
    expect((await b.list()).items.map((m) => m.content)).toEqual(['Beta keeps its own notes.']);
    const r = await b.recall('favourite editor Helix deploy key');
    expect(r.memories).toEqual([]);
    expect(r.messages).toEqual([]);
    const someId = (await a.list()).items[0].id;
    await expect(b.get(someId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(b.forget(someId)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('rejects invalid profile names', () => {
    for (const bad of ['../x', '', 'A', 'a'.repeat(101), 'x/y', '.hidden']) {
      expect(() => mem.profile(bad)).toThrow(expect.objectContaining({ code: 'invalid_profile' }));
    }
  });
});

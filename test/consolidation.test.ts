/** Consolidation ("sleep") and working memory through the library, on real SQLite. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { isMnemoError } from '../src/errors.js';
import { openMemory } from '../src/index.js';
import type { Memory } from '../src/types.js';

let dir: string;
let mnemo: MnemoApi;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-consolidate-'));
  mnemo = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
});
afterEach(async () => {
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

const day = (d: number) => `2024-03-0${d}T10:00:00Z`;
const CHAT: [string, number, string][] = [
  ['s1', 1, 'Ann: I signed up for a pottery class at the community center.'],
  ['s1', 1, 'Ann: I have been painting landscapes with watercolors every weekend.'],
  ['s2', 2, 'Ann: My pottery class finished a big bowl for my mother.'],
  ['s2', 2, 'Ann: I also went hiking in the mountains with my sister.'],
  ['s3', 3, 'Ann: I glazed three mugs in pottery today.'],
  ['s3', 3, 'Ann: I have been painting landscapes with watercolors every weekend lately.'],
];

async function seeded(name = 'ann'): Promise<ProfileApi> {
  const p = mnemo.profile(name);
  await p.ingest(CHAT.map(([s, d, c]) => ({ role: 'user' as const, content: c, sessionId: s, timestamp: day(d) })), { wait: true });
  return p;
}

async function all(p: ProfileApi, status?: Memory['status']): Promise<Memory[]> {
  return (await p.list({ limit: 500, ...(status ? { status } : {}) })).items;
}

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return isMnemoError(err) ? err.code : String(err);
  }
  return 'no error';
}

describe('consolidation', () => {
  it('merges near-duplicates keeping every source, gathers a topic across sessions, summarizes sessions; a second run writes nothing', async () => {
    const p = await seeded();
    const before = await all(p);
    const { report } = await p.consolidate({ kinds: ['merge', 'semantic', 'summary'] });
    expect(report).toMatchObject({ stale: 0 });
    expect(report!.byKind.merge).toBe(1);
    expect(report!.byKind.semantic).toBeGreaterThanOrEqual(1);
    expect(report!.byKind.summary).toBeGreaterThanOrEqual(1);

    const active = await all(p);
    const merged = active.find((m) => m.derivedFrom.length && /watercolors/.test(m.content) && !m.tags.includes('summary'))!;
    const members = before.filter((m) => /watercolors/.test(m.content));
    expect(members).toHaveLength(2);
    expect([...merged.derivedFrom].sort()).toEqual(members.map((m) => m.id).sort());
    // Of two restatements rules keep the newer one's words, in the newest session.
    const newest = [...members].sort((x, y) => x.createdAt.localeCompare(y.createdAt))[1];
    expect(merged).toMatchObject({ content: newest!.content, sessionId: newest!.sessionId, status: 'active', type: 'fact' });
    expect([...merged.sourceMessageIds].sort()).toEqual(members.flatMap((m) => m.sourceMessageIds).sort());
    for (const m of members) expect(await p.get(m.id)).toMatchObject({ status: 'superseded', supersededBy: merged.id });

    const pottery = active.find((m) => m.tags.includes('semantic') && /pottery/.test(m.content))!;
    expect(pottery.content).toMatch(/^Ann on pottery:/);
    const potteryMembers = before.filter((m) => /pottery/i.test(m.content));
    expect(new Set(pottery.derivedFrom)).toEqual(new Set(potteryMembers.map((m) => m.id)));
    expect(pottery.sourceMessageIds).toHaveLength(3);
    expect(new Set(potteryMembers.map((m) => m.sessionId)).size).toBe(3);

    const summaries = active.filter((m) => m.tags.includes('summary'));
    expect(new Set(summaries.map((m) => m.sessionId)).size).toBe(summaries.length);

    const again = await p.consolidate({ kinds: ['merge', 'semantic', 'summary'] });
    expect(again.report).toMatchObject({ written: 0, superseded: 0, stale: 0 });
    expect(again.report!.unchanged).toBe(again.report!.groups);
    expect((await all(p)).map((m) => m.id).sort()).toEqual(active.map((m) => m.id).sort());
  });

  it('gathering leaves every other recalled memory and turn scored as before (digests are searched apart)', async () => {
    const p = await seeded();
    const ask = async () => {
      const r = await p.recall('What did Ann make in her pottery class?', { limit: 20, referenceDate: '2024-03-10T00:00:00Z' });
      return [...r.memories, ...r.messages].map((x) => [x.id, x.score, 'derivedFrom' in x ? x.derivedFrom.length : 0] as const);
    };
    const before = await ask();
    const { report } = await p.consolidate({ kinds: ['semantic', 'summary'] });
    expect(report!.written).toBeGreaterThan(0);
    const after = await ask();
    expect(after.some(([, , derived]) => derived > 0)).toBe(true);
    expect(after.filter(([, , derived]) => derived === 0)).toEqual(before);
  });

  it('history shows a merge: the member superseded by the merged memory under the same topic key', async () => {
    const p = mnemo.profile('keys');
    const a = await p.remember({ content: 'Ann has lived in Berlin with her partner since 2019', type: 'fact', topicKey: 'ann.home' });
    await p.remember({ content: 'Ann lives in Berlin with her partner', type: 'fact' });
    await p.consolidate({ kinds: ['merge'] });
    const chain = await p.history('ann.home');
    const merged = chain.find((m) => m.status === 'active')!;
    expect(merged.derivedFrom).toContain(a.memory.id);
    expect(chain.find((m) => m.id === a.memory.id)).toMatchObject({ status: 'superseded', supersededBy: merged.id });
  });

  it('a grown group gets a new version that supersedes the old one', async () => {
    const p = await seeded();
    await p.consolidate({ kinds: ['semantic'] });
    const v1 = (await all(p)).find((m) => m.content.startsWith('Ann on pottery:'))!;
    await p.ingest([{ role: 'user', content: 'Ann: I sold my first pottery vase at the market.', sessionId: 's4', timestamp: day(4) }], { wait: true });
    await p.consolidate({ kinds: ['semantic'] });
    const v2 = (await all(p)).find((m) => m.content.startsWith('Ann on pottery:'))!;
    expect(v2.id).not.toBe(v1.id);
    expect(v2.derivedFrom).toHaveLength(4);
    expect(await p.get(v1.id)).toMatchObject({ status: 'superseded', supersededBy: v2.id });
  });

  it('purging a memory purges what was derived from it', async () => {
    const p = await seeded();
    await p.consolidate({ kinds: ['semantic'] });
    const gathered = (await all(p)).find((m) => m.content.startsWith('Ann on pottery:'))!;
    const mugs = (await all(p)).find((m) => /mugs/.test(m.content) && !m.derivedFrom.length)!;
    await p.forget(mugs.id, { purge: true });
    expect(await p.get(gathered.id)).toMatchObject({ content: '[purged]', status: 'forgotten' });
  });

  it('rejects bad options and unknown profiles with a clear error and writes nothing', async () => {
    const p = await seeded();
    const count = (await all(p)).length;
    const jobs = await p.jobs();
    expect(await code(p.consolidate({ kinds: ['dream'] as never }))).toBe('invalid_input');
    expect(await code(p.consolidate({ minTopicMembers: 5, maxTopicMembers: 3 }))).toBe('invalid_input');
    expect(await code(p.consolidate({ bogus: 1 } as never))).toBe('invalid_input');
    expect((await all(p)).length).toBe(count);
    expect(await p.jobs()).toEqual(jobs);
    expect(await code(mnemo.profile('nobody').consolidate())).toBe('not_found');
    expect(await mnemo.listProfiles()).not.toContain('nobody');
    expect(() => openMemory({ dataDir: dir, consolidation: { everyNewMemories: -1 } })).toThrow(/everyNewMemories/);
  });

  it('queues itself after N new memories when configured', async () => {
    await mnemo.close();
    mnemo = openMemory({ dataDir: dir, embedder: false, worker: { background: false }, consolidation: { everyNewMemories: 3 } });
    const p = await seeded('auto');
    expect((await all(p)).some((m) => m.tags.includes('summary') || m.derivedFrom.length > 0)).toBe(true);
  });
});

describe('working memory', () => {
  it('holds scratch items for one session, shows them in context, and promotes kept ones at the end', async () => {
    const p = mnemo.profile('agent');
    await p.remember({ content: 'The user prefers short answers', type: 'instruction' });
    const s = p.session('run-7');
    await s.add({ content: 'Goal: migrate the billing service to Postgres', type: 'task' });
    await s.add({ content: 'The billing service reads STRIPE_KEY from the vault', keep: true });
    await p.session('other').add({ content: 'Unrelated scratch' });
    expect((await s.list()).map((i) => i.content)).toEqual(['Goal: migrate the billing service to Postgres', 'The billing service reads STRIPE_KEY from the vault']);

    const block = await p.context({ sessionId: 'run-7' });
    expect(block.text).toMatch(/## Working memory \(this session\)[\s\S]*migrate the billing service/);
    expect(block.text).not.toMatch(/Unrelated scratch/);

    const end = await s.end();
    expect(end.dropped).toBe(1);
    expect(end.promoted.map((m) => m.content)).toEqual(['The billing service reads STRIPE_KEY from the vault']);
    expect(await s.list()).toEqual([]);
    expect((await p.session('other').list()).length).toBe(1);
    expect((await all(p)).some((m) => m.content.includes('STRIPE_KEY') && m.sessionId === 'run-7')).toBe(true);
    expect(await code(s.add({ content: '' }))).toBe('invalid_input');
    expect(await code(s.end({ promote: 'some' as never }))).toBe('invalid_input');
  });

  it('keeps an item id per session: the same id in another session never overwrites it', async () => {
    const p = mnemo.profile('agent');
    await p.session('a').add({ id: 'shared', content: 'A: the deploy is blocked on review', keep: true });
    await p.session('b').add({ id: 'shared', content: 'B: scratch note' });
    expect(await p.session('a').list()).toMatchObject([{ id: 'shared', sessionId: 'a', content: 'A: the deploy is blocked on review', keep: true }]);
    await p.session('b').end();
    const end = await p.session('a').end();
    expect(end.promoted.map((m) => m.content)).toEqual(['A: the deploy is blocked on review']);
  });

  it('an item added while the session ends is promoted or kept, never lost', async () => {
    const p = mnemo.profile('agent');
    const s = p.session('run-8');
    await s.add({ content: 'Scratch: look at the logs' });
    await s.add({ content: 'Lead: the cache key omits the tenant', keep: true });
    const [end] = await Promise.all([s.end(), s.add({ id: 'late', content: 'Late: the fix needs a migration', keep: true })]);
    const promoted = end.promoted.map((m) => m.content);
    const left = (await s.list()).map((i) => i.content);
    expect(promoted).toContain('Lead: the cache key omits the tenant');
    expect([...promoted, ...left]).toContain('Late: the fix needs a migration');
    expect(end.dropped).toBe(1);
  });
});

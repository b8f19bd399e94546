import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { decideBeforeRanking, TierGate } from '../src/lifecycle/gate.js';
import type { Candidate, ChannelResult } from '../src/recall/candidate.js';
import { openSqliteStore, type SqliteStore } from '../src/store/sqlite/sqlite-store.js';
import type { Memory, NewMemory } from '../src/types.js';

const id = (n: number) => n.toString(16).padStart(32, 'c');

function memoryCandidate(n: number, score: number, sources: string[], extra: Partial<Memory> = {}): Candidate {
  const memory = { id: id(n), type: 'fact', content: `memory ${n}`, sourceMessageIds: sources, derivedFrom: [], createdAt: '2025-01-01T00:00:00.000Z', eventTime: null, ...extra } as Memory;
  return { kind: 'memory', id: id(n), memory, hits: [], score, own: score };
}

function turnCandidate(tid: string, score: number): Candidate {
  return { kind: 'message', id: tid, hits: [], score, own: score };
}

describe('the hot pass with raw turns keeps the cold memory hits for ranking (a real store)', () => {
  let dir: string;
  let store: SqliteStore;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-hot-pass-'));
    store = openSqliteStore(path.join(dir, 'p.db'), 'p', { loadIndexes: 'warm' });
    const m = (n: number, content: string): NewMemory => ({ id: id(n), type: 'fact', content, topicKey: null, eventTime: null, sessionId: null, sourceMessageIds: [], queries: [], tags: [], importance: 0.5 }) as NewMemory;
    await store.writeMemories([m(1, 'Caroline took up pottery'), m(2, 'The deploy target is Fly.io')], { actor: 'test' });
    await store.setTier([id(1)], 'cold');
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const opts = { tiers: 'auto' as const, escalateBelow: 0.5, messagesFirst: true };
  const memoryHits = (): ChannelResult => ({ channel: 'fulltext', hits: [{ kind: 'memory', id: id(2), score: 2 }, { kind: 'memory', id: id(1), score: 1 }] });

  it('keeps them beside the turns and leaves them out of what the pass returns', async () => {
    const gate = await TierGate.open(store, opts);
    const results = [memoryHits(), { channel: 'messages', hits: [{ kind: 'message', id: 't1', score: 1 }] } as ChannelResult];
    const first = gate.first(results, ['pottery']);
    expect(first).toEqual(results); // the cold hit takes part in ranking
    const ranked = [memoryCandidate(2, 3, []), memoryCandidate(1, 2, ['t1']), turnCandidate('t1', 1)];
    expect(gate.shown(ranked).map((c) => c.id)).toEqual([id(2), 't1']);
    expect(gate.tiers().searched).toEqual(['hot', 'messages']);
  });

  it('without a turn in the pass, drops them before ranking as before', async () => {
    const gate = await TierGate.open(store, opts);
    const first = gate.first([memoryHits(), { channel: 'messages', hits: [] }], ['pottery']);
    expect(first[0].hits.map((h) => h.id)).toEqual([id(2)]);
  });

  it('a question naming a time ranks the cold tier at once', async () => {
    expect(decideBeforeRanking({ coldLeads: [], dated: 'in January 2022' })).toMatchObject({ escalate: true, why: expect.stringContaining('names a time ("in January 2022")') });
    expect(decideBeforeRanking({ coldLeads: [], dated: null })).toEqual({ escalate: false, why: null });
    const gate = await TierGate.open(store, opts);
    const results = [memoryHits(), { channel: 'messages', hits: [{ kind: 'message', id: 't1', score: 1 }] } as ChannelResult];
    expect(gate.first(results, ['pottery'], 'in January 2022')).toEqual(results);
    const ranked = [memoryCandidate(2, 3, []), memoryCandidate(1, 2, ['t1']), turnCandidate('t1', 1)];
    expect(gate.shown(ranked)).toEqual(ranked);
    expect(gate.tiers().searched).toEqual(['hot', 'messages', 'cold']);
  });

  it('once the gate escalates, the cold pass returns the cold memories', async () => {
    const gate = await TierGate.open(store, opts);
    gate.first([memoryHits(), { channel: 'messages', hits: [{ kind: 'message', id: 't1', score: 1 }] }], ['pottery']);
    expect(await gate.next(0.1, async () => [])).not.toBeNull();
    const ranked = [memoryCandidate(1, 2, ['t1']), turnCandidate('t1', 1)];
    expect(gate.shown(ranked)).toEqual(ranked);
  });
});

describe('the gate escalates on what recall found, not on whether it may answer', () => {
  let dir: string;
  let mem: MnemoApi;
  let p: ProfileApi;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-hot-pass-'));
    mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    p = mem.profile('default');
  });
  afterEach(async () => {
    await mem.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a question naming someone the profile never mentions abstains without searching the cold tier', async () => {
    await p.remember({ content: 'seed' });
    const doc = await p.export();
    const days = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    const base = doc.memories[0];
    await p.import({
      ...doc,
      memories: [
        { ...base, id: id(1), content: 'Caroline took up pottery classes on weekends', topicKey: 'caroline.hobby', createdAt: days(400), updatedAt: days(400) },
        { ...base, id: id(3), content: 'The deploy target is Fly.io', topicKey: 'project.deploy_target', createdAt: days(3), updatedAt: days(3) },
      ],
    }, { strategy: 'replace' });
    expect(await p.tier({ coldAfter: '90d' })).toMatchObject({ cold: 1 });
    const r = await p.recall('What is the deploy target of Zebulon Quimby?');
    expect(r).toMatchObject({ confidence: 0, abstained: true });
    expect(r.reading.tiers!.searched).toEqual(['hot', 'messages']);
    expect(r.reading.tiers!.why[0]).toMatch(/reached 0.5 in the hot tier/);
    expect(r.memories[0].id).toBe(id(3));
  });
});

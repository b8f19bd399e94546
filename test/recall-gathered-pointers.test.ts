import { describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { followPointers } from '../src/recall/gathered-pointers.js';
import { mem, msg } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

const OPTIONS = { share: 0.5, floor: 0.2, head: 5, summaries: true };

describe('a gathered memory points at its members, each ranked by its own match', () => {
  const temp = useTempSqliteStore('mnemo-pointers-');

  async function profile() {
    const beach = msg('s1', 'user', 'Ann: We camped at the beach last summer.');
    const forest = msg('s2', 'user', 'Ann: Our forest trip was lovely.');
    const cake = msg('s3', 'user', 'Ann: I baked a lemon cake for the neighbours.');
    const strong = msg('s4', 'user', 'Ann: The lake was calm at sunrise.');
    await temp.store.insertMessages([beach, forest, cake, strong]);
    const members = [mem('Ann camped at the beach', { sourceMessageIds: [beach.id] }), mem('Ann went on a forest trip', { sourceMessageIds: [forest.id] }), mem('Ann baked a cake', { sourceMessageIds: [cake.id] })];
    const topic = mem('Ann on trips: …', { sourceMessageIds: [beach.id, forest.id, cake.id], tags: ['semantic', 'trips'], derivedFrom: members.map((m) => m.id) });
    const summary = mem('Session 2024-05-01: …', { tags: ['summary'], derivedFrom: members.map((m) => m.id) });
    await temp.store.writeMemories([...members, topic, summary]);
    const [topicRow, summaryRow] = await temp.store.getMemories([topic.id, summary.id]);
    return { beach, forest, cake, strong, topic: topicRow!, summary: summaryRow! };
  }

  it('lifts the member turns by their own match and puts the gathered memory after them', async () => {
    const p = await profile();
    const ranked: Candidate[] = [
      { kind: 'message', id: p.strong.id, score: 1, own: 1, hits: [] },
      { kind: 'memory', id: p.topic.id, memory: p.topic, score: 0.8, own: 0.8, hits: [] },
      { kind: 'message', id: p.beach.id, score: 0.3, own: 0.3, hits: [] },
      { kind: 'message', id: p.forest.id, score: 0.1, own: 0.1, hits: [] },
    ];
    const out = await followPointers(temp.store, ranked, OPTIONS);
    const ids = out.map((c) => c.id);
    // Members follow their own match: beach (best), forest, then the cake turn no channel found.
    expect(ids.indexOf(p.beach.id)).toBeLessThan(ids.indexOf(p.forest.id));
    expect(ids.indexOf(p.forest.id)).toBeLessThan(ids.indexOf(p.cake.id));
    expect(out.find((c) => c.id === p.cake.id)!.message?.content).toBe(p.cake.content);
    // The pointer itself no longer carries all its turns above the others.
    expect(ids.indexOf(p.topic.id)).toBeGreaterThan(ids.indexOf(p.cake.id));
    expect(ids[0]).toBe(p.strong.id);
  });

  it('follows a session summary through its member memories to their turns, or not when told', async () => {
    const p = await profile();
    const ranked: Candidate[] = [{ kind: 'memory', id: p.summary.id, memory: p.summary, score: 0.6, own: 0.6, hits: [] }];
    const out = await followPointers(temp.store, ranked, OPTIONS);
    expect(out.map((c) => c.id)).toEqual(expect.arrayContaining([p.beach.id, p.forest.id, p.cake.id]));
    const off = await followPointers(temp.store, ranked, { ...OPTIONS, summaries: false });
    expect(off.map((c) => c.id)).toEqual([p.summary.id]);
  });
});

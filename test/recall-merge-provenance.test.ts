import { describe, expect, it } from 'vitest';
import type { ChannelResult } from '../src/recall/candidate.js';
import { DEFAULT_WEIGHTS } from '../src/recall/fuse.js';
import { type RankOptions, rankCandidates } from '../src/recall/rank.js';
import { mem, msg } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

const OPTS: RankOptions = {
  weights: DEFAULT_WEIGHTS, mode: 'score', extraWeights: { message_vector: 0, message_expansion: 0 }, k: 60, timeRange: null, timeBoost: 1,
  provenance: 0.5, neighbours: 0, neighbourSeeds: 0, neighbourRefChars: 0, neighbourWindow: 0, query: 'which python version do I use for async support',
  authorBoost: 0, assistantBoost: 0, sessionBoost: 0, guidanceBoost: 0, sessionSpread: 1, answerTypeBoost: 0, terms: ['python', 'version', 'async', 'support'],
  newerWithin: 0, newerWindow: 0, newerCoverage: 0, memoryFirst: false, gatheredByMean: true, mergeLeadProvenance: true,
};

describe('a merged memory ranks as the statement whose words it keeps', () => {
  const temp = useTempSqliteStore('mnemo-merge-provenance-');

  async function profile() {
    const first = msg('s1', 'user', 'I am trying to use Python 3.11 for better async support in the backend.');
    const again = msg('s2', 'user', 'Python 3.11 it is, for the async support and typing, as I said.');
    const other = msg('s3', 'user', 'I hash passwords with werkzeug.');
    await temp.store.insertMessages([first, again, other]);
    const lead = mem('User is trying to use Python 3.11 for better async support in the backend', { sourceMessageIds: [first.id], sessionId: 's1' });
    const restated = mem('User uses Python 3.11 for async support and typing', { sourceMessageIds: [again.id], sessionId: 's2' });
    const unrelated = mem('User hashes passwords with werkzeug', { sourceMessageIds: [other.id], sessionId: 's3' });
    // Both stand in one profile here (the channels below decide which one the question finds), so not word for word.
    const merged = mem(`${lead.content}.`, { sourceMessageIds: [first.id, again.id], sessionId: 's2', derivedFrom: [lead.id, restated.id] });
    await temp.store.writeMemories([lead, restated, unrelated, merged]);
    return { first, again, other, lead, restated, unrelated, merged };
  }

  /** The merged memory matches the question as its lead did; the later restatement's turn is the best-matched turn. */
  function channels(memory: string, other: string): ChannelResult[] {
    return [
      { channel: 'fulltext', hits: [{ kind: 'memory', id: memory, score: 6 }, { kind: 'memory', id: other, score: 5 }] },
      { channel: 'messages', hits: [] },
    ];
  }

  function withTurns(p: Awaited<ReturnType<typeof profile>>, results: ChannelResult[]): ChannelResult[] {
    return results.map((r) => (r.channel === 'messages' ? { ...r, hits: [{ kind: 'message', id: p.again.id, score: 8 }, { kind: 'message', id: p.first.id, score: 2 }] } : r));
  }

  it('takes its lift from its lead statement\'s turn, scoring as that statement did before the merge', async () => {
    const p = await profile();
    const before = await rankCandidates(temp.store, withTurns(p, channels(p.lead.id, p.unrelated.id)), OPTS);
    const after = await rankCandidates(temp.store, withTurns(p, channels(p.merged.id, p.unrelated.id)), OPTS);
    const lead = before.find((c) => c.id === p.lead.id)!;
    const merged = after.find((c) => c.id === p.merged.id)!;
    expect(merged.score).toBeCloseTo(lead.score, 10);
  });

  it('lifted by any of its turns instead, it outranks the statement it was merged from', async () => {
    const p = await profile();
    const before = await rankCandidates(temp.store, withTurns(p, channels(p.lead.id, p.unrelated.id)), OPTS);
    const after = await rankCandidates(temp.store, withTurns(p, channels(p.merged.id, p.unrelated.id)), { ...OPTS, mergeLeadProvenance: false });
    expect(after.find((c) => c.id === p.merged.id)!.score).toBeGreaterThan(before.find((c) => c.id === p.lead.id)!.score);
  });

  it('still lifts every turn it was merged from', async () => {
    const p = await profile();
    const after = await rankCandidates(temp.store, channels(p.merged.id, p.unrelated.id), OPTS);
    const ids = after.map((c) => c.id);
    expect(ids).toContain(p.first.id);
    expect(ids).toContain(p.again.id);
  });

  it('lifts a restatement\'s turn only as far as the restatement covers the question', async () => {
    const first = msg('s1', 'user', 'I am trying to use Python 3.11 for better async support in the backend.');
    const reworded = msg('s2', 'user', 'The new interpreter is what the coroutines need, as I said.');
    await temp.store.insertMessages([first, reworded]);
    const lead = mem('User is trying to use Python 3.11 for better async support in the backend', { sourceMessageIds: [first.id], sessionId: 's1' });
    const restated = mem('User needs the new interpreter for coroutines', { sourceMessageIds: [reworded.id], sessionId: 's2' });
    const merged = mem(`${lead.content}.`, { sourceMessageIds: [first.id, reworded.id], sessionId: 's2', derivedFrom: [lead.id, restated.id] });
    await temp.store.writeMemories([lead, restated, merged]);
    const found = [{ channel: 'fulltext', hits: [{ kind: 'memory', id: merged.id, score: 6 }] }, { channel: 'messages', hits: [] }] as ChannelResult[];
    const score = (ranked: { id: string; score: number }[], id: string) => ranked.find((c) => c.id === id)?.score ?? 0;
    const ranked = await rankCandidates(temp.store, found, OPTS);
    expect(score(ranked, first.id)).toBeGreaterThan(0);
    // Before the merge the question found only the lead, so the reworded turn gained nothing; it still gains nothing.
    expect(score(ranked, reworded.id)).toBe(0);
    const everyTurn = await rankCandidates(temp.store, found, { ...OPTS, mergeLeadProvenance: false });
    expect(score(everyTurn, reworded.id)).toBe(score(everyTurn, first.id));
  });
});

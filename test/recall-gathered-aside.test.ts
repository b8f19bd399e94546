import { describe, expect, it } from 'vitest';
import type { ChannelResult } from '../src/recall/candidate.js';
import { DEFAULT_WEIGHTS } from '../src/recall/fuse.js';
import { type RankOptions, rankCandidates } from '../src/recall/rank.js';
import { mem, msg } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

const OPTS: RankOptions = {
  weights: DEFAULT_WEIGHTS, mode: 'score', extraWeights: { message_vector: 0, message_expansion: 0 }, k: 60, timeRange: null, timeBoost: 1,
  provenance: 0.5, neighbours: 0, neighbourSeeds: 0, neighbourRefChars: 0, neighbourWindow: 0, query: 'which API errors should I handle',
  authorBoost: 0, assistantBoost: 0, sessionBoost: 0, guidanceBoost: 0, sessionSpread: 1, answerTypeBoost: 0, terms: ['api', 'errors', 'handle'],
  newerWithin: 0, newerWindow: 0, newerCoverage: 0, memoryFirst: true, gatheredByMean: true,
};

describe('a gathered memory ranks by its own match and moves nothing else', () => {
  const temp = useTempSqliteStore('mnemo-gathered-aside-');

  async function profile() {
    const rule = msg('s1', 'user', 'Always include error status codes when I ask about API error handling.');
    const timeout = msg('s2', 'user', 'The weather API timed out twice today.');
    const cities = msg('s3', 'user', 'Invalid city names break my app.');
    const pets = msg('s4', 'user', 'My cat sleeps on the keyboard.');
    await temp.store.insertMessages([rule, timeout, cities, pets]);
    const instruction = mem('Always include error status codes when User asks about API error handling', { type: 'instruction', sourceMessageIds: [rule.id] });
    const members = [
      mem('The weather API timed out twice', { sourceMessageIds: [timeout.id] }),
      mem('Invalid city names break the app', { sourceMessageIds: [cities.id] }),
      mem('User has a cat that sleeps on the keyboard', { sourceMessageIds: [pets.id] }),
    ];
    const digest = mem('User on errors: API timeouts, invalid city names, handling errors, a cat on the keyboard', {
      sourceMessageIds: [timeout.id, cities.id, pets.id], tags: ['semantic', 'errors'], derivedFrom: members.map((m) => m.id),
    });
    await temp.store.writeMemories([instruction, ...members, digest]);
    return { rule, timeout, cities, pets, instruction, members, digest };
  }

  /** What the channels return: the digest first in memory full text and vectors (it holds every member's words). */
  function channels(p: Awaited<ReturnType<typeof profile>>, withDigest: boolean): ChannelResult[] {
    const memHits = [...(withDigest ? [{ kind: 'memory' as const, id: p.digest.id, score: 9 }] : []), { kind: 'memory' as const, id: p.instruction.id, score: 6 }, { kind: 'memory' as const, id: p.members[0]!.id, score: 3 }];
    return [
      { channel: 'fulltext', hits: memHits },
      { channel: 'messages', hits: [{ kind: 'message', id: p.rule.id, score: 5 }, { kind: 'message', id: p.timeout.id, score: 2 }] },
    ];
  }

  it('leaves every other candidate scored and ordered as on a profile without the digest', async () => {
    const p = await profile();
    const without = await rankCandidates(temp.store, channels(p, false), OPTS);
    const withDigest = await rankCandidates(temp.store, channels(p, true), OPTS);
    const scores = (list: typeof without) => new Map(list.filter((c) => c.id !== p.digest.id).map((c) => [c.id, c.score]));
    expect(scores(withDigest)).toEqual(scores(without));
    expect(withDigest.filter((c) => c.id !== p.digest.id).map((c) => c.id)).toEqual(without.map((c) => c.id));
  });

  it('does not outrank the best statement the question matches, nor lift its unmatched members', async () => {
    const p = await profile();
    const ranked = await rankCandidates(temp.store, channels(p, true), OPTS);
    const ids = ranked.map((c) => c.id);
    expect(ids.indexOf(p.instruction.id)).toBeLessThan(ids.indexOf(p.digest.id));
    // The digest's sources no channel found (the cat) do not join the ranking through it.
    expect(ids).not.toContain(p.pets.id);
    expect(ranked.find((c) => c.id === p.digest.id)!.score).toBeLessThanOrEqual(ranked.find((c) => c.id === p.instruction.id)!.score);
  });

  // Asks about timeouts, not about the digest's topic word (errors).
  const OFF_TOPIC: RankOptions = { ...OPTS, query: 'which API timeouts should I handle', terms: ['api', 'timeouts', 'handle'] };

  it('ranks no higher than the weakest turn it carries: it never puts a turn the question did not find ahead of one it did', async () => {
    const p = await profile();
    // The digest's own match is the best of its channel; of its turns the question found the timeout only.
    const ranked = await rankCandidates(temp.store, channels(p, true), OFF_TOPIC);
    const digest = ranked.find((c) => c.id === p.digest.id)!;
    expect(digest.score).toBe(0);
    expect(ranked.at(-1)).toBe(digest);
  });

  it('with every turn it carries found, ranks just at the weakest of them', async () => {
    const p = await profile();
    const found: ChannelResult[] = [
      { channel: 'fulltext', hits: [{ kind: 'memory', id: p.digest.id, score: 9 }, { kind: 'memory', id: p.instruction.id, score: 6 }] },
      { channel: 'messages', hits: [p.rule, p.timeout, p.cities, p.pets].map((m, i) => ({ kind: 'message' as const, id: m.id, score: 5 - i })) },
    ];
    const ranked = await rankCandidates(temp.store, found, OFF_TOPIC);
    const digest = ranked.find((c) => c.id === p.digest.id)!;
    const turns = [p.timeout, p.cities, p.pets].map((m) => ranked.find((c) => c.id === m.id)!.score);
    expect(digest.score).toBeCloseTo(Math.min(...turns), 9);
    expect(digest.score).toBeGreaterThan(0);
  });

  it('a topic memory the question asks about (its person, one of its topic words) keeps its own match', async () => {
    const p = await profile();
    const onTopic = await rankCandidates(temp.store, channels(p, true), OPTS);
    const offTopic = await rankCandidates(temp.store, channels(p, true), OFF_TOPIC);
    const score = (list: typeof onTopic) => list.find((c) => c.id === p.digest.id)!.score;
    expect(score(offTopic)).toBe(0);
    expect(score(onTopic)).toBeGreaterThan(0);
    // Still no higher than the best statement the question matches (its channel score is capped).
    expect(score(onTopic)).toBeLessThanOrEqual(onTopic.find((c) => c.id === p.instruction.id)!.score);
  });
});

import { describe, expect, it } from 'vitest';
import { tempDirProfiles } from '../src/bench/mnemo-factory.js';
import { mnemoSystem } from '../src/bench/mnemo-system.js';
import type { BenchConversation } from '../src/bench/types.js';

const days = (d: number) => new Date(Date.UTC(2023, 0, 1) + d * 86_400_000).toISOString();

const conversation: BenchConversation = {
  id: 'rows',
  messages: [
    { role: 'user', content: 'Caroline: Last weekend I went to a pottery workshop with my sister and we made bowls.', sessionId: 's1', timestamp: days(0), metadata: { evidenceId: 'D1:1' } },
    { role: 'user', content: 'Caroline: I adopted a puppy named Rex yesterday.', sessionId: 's2', timestamp: days(200), metadata: { evidenceId: 'D2:1' } },
    { role: 'user', content: 'Caroline: We deployed the new website to Fly.io this morning.', sessionId: 's3', timestamp: days(400), metadata: { evidenceId: 'D3:1' } },
  ],
  questions: [],
};

const question = (q: string) => ({ id: q, question: q, gold: ['D1:1'], category: 'c', abstain: false, referenceDate: days(401) });

describe('benchmark rows sharing a prepared profile', () => {
  it('find it as prepared: questions leave tiers and access counts alone until something folds their reads', async () => {
    const open = tempDirProfiles({ embedder: false, consolidation: { everyNewMemories: 0 } });
    let opened: Awaited<ReturnType<typeof open>> | undefined;
    const system = mnemoSystem(async (name) => (opened = await open(name)), 'mnemo', { tier: true });
    const prepared = await system.prepare(conversation);
    try {
      const before = await prepared.state!();
      // Aged to the newest memory (day 400): the pottery event, 400 days older, is cold; the deploy is hot.
      const tiers = (await opened!.profile.list({ limit: 10 })).items.map((m) => m.tier).sort();
      expect(tiers).toEqual(['cold', 'cold', 'hot']);
      const first = await prepared.query(question('What did Caroline make at the pottery workshop?'), 10);
      await prepared.query(question('Where was the website deployed?'), 10);
      expect(await prepared.state!()).toBe(before);
      // The same question again (another row) ranks the same.
      expect((await prepared.query(question('What did Caroline make at the pottery workshop?'), 10)).ranked).toEqual(first.ranked);
      // A fold of the reads (what a drain would run between rows) is what the rows check for.
      await opened!.profile.drain();
      expect(await prepared.state!()).not.toBe(before);
    } finally {
      await prepared.close();
    }
  });
});

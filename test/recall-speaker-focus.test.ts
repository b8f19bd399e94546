import { describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { focusOnNamedSpeaker as focus } from '../src/recall/speaker-focus.js';
import type { Store } from '../src/store/store.js';

// Every line below is already loaded, so the store is never read.
const store = {} as Store;
const focusOnNamedSpeaker = (question: string, ranked: Candidate[], o: { window: number; keep: number }) => focus(store, question, ranked, o);

function line(id: string, content: string, score: number): Candidate {
  const message = { id, sessionId: 's', role: 'user', content, timestamp: null, createdAt: '2024-01-01T00:00:00.000Z', metadata: null } as unknown as Candidate['message'];
  return { kind: 'message', id, message, score, own: score, hits: [] };
}

const OPTIONS = { window: 50, keep: 0.7 };

function dialogue(): Candidate[] {
  return [
    // Ben asks about Ana's pottery: his words match best, the answer is hers.
    line('asks', "Ben: Ana, how's the pottery class going? What have you made in the pottery class so far?", 1),
    line('answer', 'Ana: Two bowls and a vase for my mum, I love working with clay.', 0.9),
    line('bens', 'Ben: I went hiking with the kids on Sunday.', 0.8),
    line('memory', 'Ana went to a pottery class', 0.5),
  ];
}

const ids = (list: Candidate[]) => [...list].sort((a, b) => b.score - a.score).map((c) => c.id);

describe("a question about one participant ranks that participant's own lines above the other's", () => {
  // Paraphrases of one question about Ana: the focus keys on the name of a participant, not on wording.
  for (const question of ['What has Ana made in her pottery class?', 'Which things did Ana create out of clay?', 'Tell me about the objects Ana shaped with her hands.']) {
    it(`"${question}": Ana's answer rises above Ben's question about it`, async () => {
      const out = await focusOnNamedSpeaker(question, dialogue(), OPTIONS);
      expect(ids(out).slice(0, 2)).toEqual(['answer', 'asks']);
      expect(out.find((c) => c.id === 'bens')!.score).toBeCloseTo(0.56);
      // A line without a speaker's name (an extracted memory, a plain turn) keeps its score.
      expect(out.find((c) => c.id === 'memory')!.score).toBe(0.5);
    });
  }

  it('leaves the ranking alone for a question naming no participant, both of them, or with the focus off', async () => {
    for (const question of ['What has she made in her pottery class?', 'What did Ana and Ben talk about?', 'What did Carl make?']) {
      expect((await focusOnNamedSpeaker(question, dialogue(), OPTIONS)).map((c) => c.score)).toEqual([1, 0.9, 0.8, 0.5]);
    }
    expect((await focusOnNamedSpeaker('What has Ana made?', dialogue(), { window: 50, keep: 1 })).map((c) => c.score)).toEqual([1, 0.9, 0.8, 0.5]);
  });

  it('reads only the best `window` candidates', async () => {
    const out = await focusOnNamedSpeaker('What has Ana made?', dialogue(), { window: 2, keep: 0.7 });
    expect(out.find((c) => c.id === 'asks')!.score).toBeCloseTo(0.7);
    expect(out.find((c) => c.id === 'bens')!.score).toBe(0.8);
  });
});

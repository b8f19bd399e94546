import { describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import type { StoredMessage } from '../src/types.js';
import { secondRound } from '../src/recall/second-round.js';
import { msg } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

/** A ranked turn as recall holds it after the answer lift: its row loaded. */
async function candidate(store: { getMessages(ids: string[]): Promise<StoredMessage[]> }, id: string, score: number): Promise<Candidate> {
  const [message] = await store.getMessages([id]);
  return { kind: 'message', id, message, score, own: score, hits: [] };
}

const OPTIONS = { seeds: 3, terms: 4, weight: 0.3, keep: 1 };

describe('a question about a named person takes a second step from their best statements', () => {
  const temp = useTempSqliteStore('mnemo-second-round-');

  async function dialogue() {
    const moved = msg('s1', 'user', 'Ana: I have known these friends for four years, since I moved from my home country.');
    const filler = msg('s1', 'assistant', 'Ben: That is a long time, did you like it here?');
    const necklace = msg('s3', 'user', 'Ana: This necklace is from my grandma back in my home country, Sweden.');
    const bens = msg('s4', 'assistant', 'Ben: My home country is Canada, we fished every summer.');
    const painting = msg('s5', 'user', 'Ana: I spent the weekend painting a sunset by the lake.');
    // Everyday chat around them, so that shared words are as rare as in a real history.
    const chat = ['bakery', 'library', 'concert', 'museum', 'beach', 'market', 'studio', 'park', 'cinema', 'garden'].map((place, i) =>
      msg(`c${i}`, i % 2 ? 'assistant' : 'user', `${i % 2 ? 'Ben' : 'Ana'}: We went to the ${place} on Saturday and stayed till dark.`),
    );
    await temp.store.insertMessages([moved, filler, necklace, bens, painting, ...chat]);
    return { moved, filler, necklace, bens, painting };
  }

  // Three phrasings naming the person; none shares a word with the statement that answers it.
  for (const question of ['Where did Ana move from?', 'Before relocating, where was Ana living?', 'Which place did Ana leave to come here?']) {
    it(`lifts the named person's linked statement below the kept places: "${question}"`, async () => {
      const t = await dialogue();
      const ranked = [await candidate(temp.store, t.moved.id, 1), await candidate(temp.store, t.filler.id, 0.5), await candidate(temp.store, t.painting.id, 0.1)];
      const out = await secondRound(temp.store, ranked, question, ['move', 'live', 'leave', 'place'], OPTIONS);
      const ids = out.map((c) => c.id);
      expect(ids[0]).toBe(t.moved.id);
      // "home country" links the two statements of Ana; Ben's line with the same words is not hers.
      expect(ids).toContain(t.necklace.id);
      expect(ids.indexOf(t.necklace.id)).toBeLessThan(ids.indexOf(t.painting.id));
      expect(ids).not.toContain(t.bens.id);
      // Scores never rise down the list, so a merge by score keeps this order.
      const scores = out.map((c) => c.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });
  }

  it('changes nothing for a question naming no one', async () => {
    const t = await dialogue();
    const ranked = [await candidate(temp.store, t.moved.id, 1), await candidate(temp.store, t.filler.id, 0.5)];
    const out = await secondRound(temp.store, ranked, 'Where did she move from?', ['move'], OPTIONS);
    expect(out.map((c) => c.id)).toEqual([t.moved.id, t.filler.id]);
  });
});

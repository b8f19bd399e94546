import { describe, expect, it } from 'vitest';
import { missedGold, type TurnPlace } from '../src/bench/gold-ranks.js';

const turns = new Map<string, TurnPlace>([
  ['a1', { session: 's1', index: 0, content: 'Ana: I moved here from my home country four years ago.' }],
  ['a2', { session: 's1', index: 1, content: 'Bo: That is a long way!' }],
  ['a3', { session: 's1', index: 2, content: 'Ana: This necklace is from my grandma in Sweden.' }],
  ['b1', { session: 's2', index: 3, content: 'Ana: Ana went camping with the kids.' }],
  ['c1', { session: 's3', index: 4, content: 'Bo: Did you move far?' }],
]);

describe('missedGold', () => {
  it('places a missed turn by rank band, session and distance to the first turns', () => {
    const missed = missedGold('Where did Ana move from?', ['a1', 'c1', 'a2', 'b1'], ['a1', 'a3', 'b1'], turns, 2);
    expect(missed).toEqual([
      { band: 'beyond', session: 'found gold', distance: 2, sharesWord: false },
      { band: '3..25', session: 'other', distance: null, sharesWord: false },
    ]);
  });

  it('counts a word of the question shared by the content, not the names it mentions', () => {
    const [kids] = missedGold('What did Ana do with the kids?', ['a1'], ['b1'], turns, 1);
    expect(kids).toMatchObject({ session: 'other', sharesWord: true });
    const [name] = missedGold('Where did Ana go?', ['a1'], ['b1'], turns, 1);
    expect(name!.sharesWord).toBe(false);
  });

  it('skips gold found in the first k and gold ids the conversation does not have', () => {
    expect(missedGold('Where did Ana move from?', ['a1'], ['a1', 'zz'], turns, 1)).toEqual([]);
  });
});

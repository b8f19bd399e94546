import { describe, expect, it } from 'vitest';
import { compareKeys } from '../src/recall/key-order.js';
import { matchTopicKeys } from '../src/recall/topic-match.js';

const sign = (x: number) => Math.sign(x);

describe('topic keys ordered as localeCompare orders them, without the collator', () => {
  it('agrees with localeCompare on keys sharing prefixes, and on keys it does not cover', () => {
    const chars = '_.0123456789abcdefghijklmnopqrstuvwxyz';
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const word = (len: number) => Array.from({ length: len }, () => chars[rnd(chars.length)]).join('');
    for (let i = 0; i < 20_000; i++) {
      const base = word(rnd(6));
      const a = base + word(rnd(5));
      const b = base + word(rnd(5));
      expect(sign(compareKeys(a, b)), `${a} vs ${b}`).toBe(sign(a.localeCompare(b)));
    }
    for (const [a, b] of [['User.a', 'user.b'], ['café.x', 'cafe.y'], ['a-b', 'a_b'], ['a b', 'a.b'], ['ä', 'a'], ['user.x', 'user.X'], ['ab-x', 'ac'], ['ac', 'ab-x'], ['a.b', 'a.bÉ']]) {
      expect(sign(compareKeys(a, b)), `${a} vs ${b}`).toBe(sign(a.localeCompare(b)));
    }
  });

  it('breaks ties between equally matching keys in that order', () => {
    const keys = ['person.ann_b.hobby', 'person.ann.hobby', 'person.ann_a.hobby', 'person.ann0.hobby', 'person.anna.hobby'];
    const expected = [...keys].sort((a, b) => a.localeCompare(b));
    expect(matchTopicKeys(['hobby'], keys, 5)).toEqual(expected);
    // The second match on the same list goes through its index.
    expect(matchTopicKeys(['hobby'], keys, 5)).toEqual(expected);
    expect(matchTopicKeys(['hobby'], keys, 3)).toEqual(expected.slice(0, 3));
    expect(matchTopicKeys(['hobby'], keys, 20)).toEqual(expected);
  });

  it('ranks more shared attribute words first on the indexed path too', () => {
    const keys = ['user.editor_theme', 'user.theme', 'user.editor_font', 'ann.theme'];
    const expected = ['user.editor_theme', 'user.theme', 'user.editor_font', 'ann.theme'];
    expect(matchTopicKeys(['editor', 'theme', 'user'], [...keys], 5)).toEqual(expected);
    matchTopicKeys(['x'], keys, 5);
    expect(matchTopicKeys(['editor', 'theme', 'user'], keys, 5)).toEqual(expected);
  });
});

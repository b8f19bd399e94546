import { describe, expect, it } from 'vitest';
import { compareTimes } from '../src/recall/time-order.js';

describe('candidate times ordered as localeCompare orders them', () => {
  it('agrees with localeCompare on ISO times of mixed precision and on other strings', () => {
    let seed = 11;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    const time = () => {
      const day = `${2020 + rnd(6)}-${pad(1 + rnd(12), 2)}-${pad(1 + rnd(28), 2)}`;
      const kind = rnd(4);
      if (kind === 0) return day;
      const t = `${day}T${pad(rnd(24), 2)}:${pad(rnd(60), 2)}:${pad(rnd(60), 2)}`;
      return kind === 1 ? `${t}Z` : kind === 2 ? `${t}.${pad(rnd(1000), 3)}Z` : `${t}+02:00`;
    };
    for (let i = 0; i < 20_000; i++) {
      const [a, b] = [time(), time()];
      expect(Math.sign(compareTimes(a, b)), `${a} vs ${b}`).toBe(Math.sign(a.localeCompare(b)));
    }
    // One a prefix of the other (a candidate without a time is ''): the longer orders after unless its rest is ignorable.
    const printable = () => String.fromCharCode(...Array.from({ length: 1 + rnd(4) }, () => 0x20 + rnd(0x5f)));
    for (let i = 0; i < 5_000; i++) {
      const t = rnd(3) === 0 ? '' : time();
      const longer = t + (rnd(2) ? time() : printable());
      for (const [a, b] of [[t, longer], [longer, t]]) expect(Math.sign(compareTimes(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(Math.sign(a.localeCompare(b)));
    }
    for (const [a, b] of [['2024-01-01\u0001', '2024-01-01'], ['', '\u0000'], ['2024', '2024\u00ad'], ['', '2024-01-01'], ['2024-01-01', '2024-01-01T00:00:00Z'], ['2024-01-01t1', '2024-01-01T1'], ['２０２４', '2024'], ['2024-01-01', '2024-01-01']]) {
      expect(Math.sign(compareTimes(a, b)), `${a} vs ${b}`).toBe(Math.sign(a.localeCompare(b)));
    }
  });
});

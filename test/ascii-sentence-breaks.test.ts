import { describe, expect, it } from 'vitest';
import { asciiSentences } from '../src/text/ascii-sentence-breaks.js';

const icu = new Intl.Segmenter('en', { granularity: 'sentence' });
const icuSentences = (text: string) => [...icu.segment(text)].map((s) => s.segment);

// One or two characters of every Sentence_Break class the fast path handles, and some of none.
const ALPHABET = ['a', 'z', 'B', 'Z', '1', '0', '.', '.', '!', '?', '"', "'", '(', ')', '[', '}', ',', '-', ':', ';', ' ', ' ', '\t', '\n', '\r', '#', '%', '~', '/', '@'];

/** A small deterministic generator (a test that fails must fail again on the same strings). */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

describe('asciiSentences', () => {
  it('splits 100,000 generated strings exactly as Intl.Segmenter does', () => {
    const next = generator(17);
    const differing: string[] = [];
    for (let k = 0; k < 100_000; k++) {
      let text = '';
      const length = 1 + Math.floor(next() * 14);
      for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
      if (JSON.stringify(asciiSentences(text)) !== JSON.stringify(icuSentences(text))) differing.push(text);
    }
    expect(differing.slice(0, 5)).toEqual([]);
  });

  it('agrees on each rule and on every printable character around a sentence end', () => {
    const cases = [
      'Hi.\r\nThere', 'See 3.14 here.', 'U.S. Army. Go', 'He said "no." she left.', 'etc. and more', 'Wait... What?! Yes.',
      'Stop.) Next', 'Stop. ) Next', 'Done!\n\nNew para', 'Is it, really? yes', 'Go. - and', 'A.B. Smith', 'end.', '',
    ];
    for (let c = 0x20; c < 0x7f; c++) {
      for (const context of ['a.X b', 'a. X b', 'a.) b', 'Hi! x', 'x?']) {
        for (let p = 0; p <= context.length; p++) cases.push(context.slice(0, p) + String.fromCharCode(c) + context.slice(p));
      }
    }
    for (const text of cases) expect(asciiSentences(text), JSON.stringify(text)).toEqual(icuSentences(text));
  });

  it('leaves text with other characters to ICU', () => {
    expect(asciiSentences('Café. Next')).toBeNull();
    expect(asciiSentences('form\ffeed')).toBeNull();
    expect(asciiSentences('nul\0')).toBeNull();
  });
});

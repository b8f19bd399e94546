import { expect, it } from 'vitest';
import { sentences } from '../src/text/sentences.js';

it('keeps a one-statement text whole and splits texts of several sentences', () => {
  expect(sentences('The billing service #12 uses Rust as its language.')).toEqual(['The billing service #12 uses Rust as its language.']);
  expect(sentences('no end mark')).toEqual(['no end mark']);
  expect(sentences('')).toEqual([]);
  expect(sentences('We moved. It rained!')).toEqual(['We moved. ', 'It rained!']);
  expect(sentences('Is it done?\nYes')).toEqual(['Is it done?\n', 'Yes']);
  expect(sentences('first line\nsecond line')).toEqual(['first line\n', 'second line']);
  expect(sentences('Dr. Seuss wrote it.')).toEqual(['Dr. Seuss wrote it.']);
  expect(sentences('Café ouvert. Fermé.')).toEqual(['Café ouvert. ', 'Fermé.']);
});

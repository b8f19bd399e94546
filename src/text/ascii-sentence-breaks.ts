/**
 * Unicode's sentence boundaries (UAX #29, the rules Intl.Segmenter's ICU implements) for plain ASCII
 * text, without ICU: creating an Intl.Segmenter loads ICU's sentence rules, 15-50 ms of a cold
 * `mnemo recall` that splits a few memories. Same segments as
 * `new Intl.Segmenter('en', { granularity: 'sentence' })` (test/ascii-sentence-breaks.test.ts
 * compares them on generated strings); null for text outside `[\t\n\r\x20-\x7e]`, which the caller
 * hands to ICU.
 */

// Sentence_Break classes of the ASCII characters the fast path accepts (UAX #29, table 4).
const OTHER = 0;
const CR = 1;
const LF = 2;
const SP = 3;
const LOWER = 4;
const UPPER = 5;
const NUMERIC = 6;
const ATERM = 7;
const STERM = 8;
const CLOSE = 9;
const SCONTINUE = 10;

const CLASSES = new Uint8Array(128);
for (let c = 0x61; c <= 0x7a; c++) CLASSES[c] = LOWER;
for (let c = 0x41; c <= 0x5a; c++) CLASSES[c] = UPPER;
for (let c = 0x30; c <= 0x39; c++) CLASSES[c] = NUMERIC;
for (const [chars, cls] of [['\r', CR], ['\n', LF], ['\t ', SP], ['.', ATERM], ['!?', STERM], ['"\'()[]{}', CLOSE], [',-:;', SCONTINUE]] as const) {
  for (const ch of chars) CLASSES[ch.charCodeAt(0)] = cls;
}

const ACCEPTED = /^[\t\n\r\x20-\x7e]*$/;

const isParaSep = (c: number) => c === CR || c === LF;
const isSATerm = (c: number) => c === ATERM || c === STERM;

/** The sentences of `text`, or null when it is not plain ASCII (tab, line breaks and printable characters). */
export function asciiSentences(text: string): string[] | null {
  if (!ACCEPTED.test(text)) return null;
  const n = text.length;
  const cls = new Uint8Array(n);
  for (let i = 0; i < n; i++) cls[i] = CLASSES[text.charCodeAt(i)];
  const out: string[] = [];
  let start = 0;
  for (let i = 1; i < n; i++) {
    if (breaksBefore(cls, i)) {
      out.push(text.slice(start, i));
      start = i;
    }
  }
  if (n > 0) out.push(text.slice(start));
  return out;
}

/** Whether a sentence ends between `cls[i - 1]` and `cls[i]` (rules SB3-SB11, SB998). */
function breaksBefore(cls: Uint8Array, i: number): boolean {
  const before = cls[i - 1];
  const after = cls[i];
  if (before === CR && after === LF) return false; // SB3
  if (isParaSep(before)) return true; // SB4
  // Walk back over Sp*, then Close*, to the terminator (if any) these follow.
  let j = i - 1;
  while (j >= 0 && cls[j] === SP) j--;
  const spaces = j < i - 1;
  while (j >= 0 && cls[j] === CLOSE) j--;
  const term = j >= 0 && isSATerm(cls[j]) ? cls[j] : OTHER;
  if (term === OTHER) return false; // SB998: no terminator before, nothing ends here
  if (before === ATERM && after === NUMERIC) return false; // SB6
  if (before === ATERM && after === UPPER && i >= 2 && (cls[i - 2] === UPPER || cls[i - 2] === LOWER)) return false; // SB7
  if (term === ATERM && lowerFollows(cls, i)) return false; // SB8
  if (after === SCONTINUE || isSATerm(after)) return false; // SB8a
  if (!spaces && (after === CLOSE || after === SP || isParaSep(after))) return false; // SB9
  if (after === SP || isParaSep(after)) return false; // SB10
  return true; // SB11
}

/** SB8: from `i`, characters that are neither letters, line breaks nor terminators, then a lowercase letter. */
function lowerFollows(cls: Uint8Array, i: number): boolean {
  for (let k = i; k < cls.length; k++) {
    const c = cls[k];
    if (c === LOWER) return true;
    if (c === UPPER || isParaSep(c) || isSATerm(c)) return false;
  }
  return false;
}

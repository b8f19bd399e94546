import { asciiSentences } from './ascii-sentence-breaks.js';

// Made on first use: creating a segmenter loads ICU's sentence rules (15-50 ms), which a command
// that splits only ASCII text (asciiSentences, the same boundaries) or none should not pay for.
let made: Intl.Segmenter | undefined;
const segmenter = (): Intl.Segmenter => (made ??= new Intl.Segmenter('en', { granularity: 'sentence' }));

// A period after an abbreviation ("Dr.", "St.", "Mrs."), an initial ("J.") or a dotted
// abbreviation ("U.S.", "p.m.", "e.g.") does not end a sentence.
const ABBREVIATION_END = /(?:^|[^\p{L}.])(?:\p{Lu}\p{Ll}{0,2}|\p{L}|\p{L}(?:\.\p{L})+)\.\s*$/u;

/**
 * Sentences of a text (Intl.Segmenter's), never split after an abbreviation or an initial: a
 * name ("St. Louis", "Dr. Seuss") or a time ("5 p.m. tomorrow") stays whole in one sentence.
 */
export function sentences(text: string): string[] {
  if (oneSentence(text)) return [text];
  const out: string[] = [];
  let pending = '';
  for (const segment of asciiSentences(text) ?? icuSentences(text)) {
    pending += segment;
    if (ABBREVIATION_END.test(pending)) continue;
    out.push(pending);
    pending = '';
  }
  if (pending) out.push(pending);
  return out;
}

function* icuSentences(text: string): Iterable<string> {
  for (const { segment } of segmenter().segment(text)) yield segment;
}

/**
 * Plain ASCII text with no line break and no sentence end before its last character: the segmenter
 * could only end a sentence at the text's end (most memories are one statement).
 */
function oneSentence(text: string): boolean {
  return text.length > 0 && /^[\t\x20-\x7e]*$/.test(text) && !/[.!?]/.test(text.slice(0, -1));
}

const ABBREVIATION_PERIOD = /(^|[^\p{L}.])(\p{Lu}\p{Ll}{0,2}|\p{L}|\p{L}(?:\.\p{L})+)\.(?=\s)/gu;
const KEPT_PERIOD = '\u2024';

/** Hides the periods of abbreviations and initials from a clause splitter; `restorePeriods` undoes it. */
export function protectAbbreviations(text: string): string {
  return text.replace(ABBREVIATION_PERIOD, (_m, before: string, word: string) => `${before}${word}${KEPT_PERIOD}`);
}

export function restorePeriods(text: string): string {
  return text.replaceAll(KEPT_PERIOD, '.');
}

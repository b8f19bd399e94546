import { protectAbbreviations, restorePeriods } from '../text/sentences.js';
import { asksPointInTime } from './question/detectors.js';
import { shapeOf } from './question/shape.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
// A comma, colon or semicolon between digits is part of a number or a time ("1,250", "6:30"), never a break.
const CLAUSE_BREAK = /\s*(?:[,;:](?!\d)|[!?]|\s[-–—]\s|\.\s|\b(?:but|and so|so|because|which)\b)\s*/i;
const LABEL = /^[\p{L}][\p{L} .'-]{0,40}:\s+/u;

/** "7 May 2023" from an ISO time. */
export function spokenDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The question asks for a date or time as its answer (class `point_in_time`). */
export function asksWhen(query: string): boolean {
  return asksPointInTime(shapeOf(query));
}

/**
 * The shortest span of a sentence that still carries the match: drop a leading "Name: " chat
 * label, split into clauses, keep the clause sharing most query words (the next one too when
 * the best is nothing but query words, since the answer then follows it).
 */
export function answerPhrase(sentence: string, terms: Set<string>, maxWords = 16): string {
  const text = protectAbbreviations(sentence.replace(LABEL, '').trim());
  const clauses = text.split(CLAUSE_BREAK).map((c) => c.trim()).filter((c) => c.split(/\s+/).length >= 2);
  if (clauses.length === 0) return clip(text, maxWords);
  const scored = clauses.map((c, i) => {
    const ws = c.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
    const hits = ws.filter((w) => terms.has(w.slice(0, 5))).length;
    const fresh = ws.length - hits;
    return { i, hits, fresh };
  });
  const best = scored.sort((a, b) => b.hits - a.hits || a.fresh - b.fresh)[0]!;
  let phrase = clauses[best.i]!;
  if (best.fresh <= 2 && clauses[best.i + 1]) phrase = `${phrase}, ${clauses[best.i + 1]}`;
  return clip(phrase, maxWords);
}

function clip(text: string, maxWords: number): string {
  const ws = text.split(/\s+/);
  return restorePeriods((ws.length > maxWords ? ws.slice(0, maxWords).join(' ') : text).replace(/[\s,;:]+$/, ''));
}

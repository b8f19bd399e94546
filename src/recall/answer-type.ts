import type { Candidate } from './candidate.js';
import { asksDuration, asksMoney, asksTroubles } from './question/detectors.js';
import { type QuestionShape, shapeOf } from './question/shape.js';

/**
 * Some questions name the kind of value their answer is ("how much does it cost" → an amount of
 * money, "how long" → a duration) or the kind of thing it is ("which issues came up" → what went
 * wrong): messages and memories holding such a value, or telling of a trouble, gain `boost` ×
 * their score. Questions without one change nothing. ("How many" is not used: nearly every
 * message holds some number, and it moved no benchmark either way.)
 */
export interface AnswerType {
  name: 'money' | 'duration' | 'trouble';
  /** The question asks for this kind of value (classes `money`, `duration` and `trouble`). */
  asks: (q: QuestionShape) => boolean;
  holds: RegExp;
}

const NUMBER = '(?:\\d[\\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|a few|several|a couple of)';

const TYPES: AnswerType[] = [
  {
    name: 'money',
    asks: asksMoney,
    holds: /[$€£¥₹]\s?\d|\b\d[\d,.]*\s?(k|m)?\s?(dollars?|usd|euros?|eur|pounds?|gbp|bucks)\b|\d\s?\/\s?(month|mo|year|yr|week|hour|hr)\b/i,
  },
  {
    name: 'duration',
    asks: asksDuration,
    holds: new RegExp(`\\b${NUMBER}[\\s-]*(minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|decades?)\\b`, 'i'),
  },
  {
    name: 'trouble',
    asks: asksTroubles,
    // A turn reporting an error or something that does not work, in the words people use for it.
    holds: /\b(errors?|exceptions?|bugs?|issues?|problems?|troubles?|fail(?:s|ed|ing|ures?)?|not (?:working|loading|showing)|(?:does|is|do|are|was|were)n't (?:working|loading|showing|work)|broken|crash(?:es|ed|ing)?|stuck|unable|traceback|glitch(?:es)?|wrong)\b/i,
  },
];

/** The kind of value the question asks for, or null. */
export function expectedAnswerType(query: string): AnswerType | null {
  const q = shapeOf(query);
  return TYPES.find((t) => t.asks(q)) ?? null;
}

/** `troubleBoost` replaces `boost` for a question about troubles. */
export function boostAnswerTypes(query: string, ranked: Candidate[], boost: number, troubleBoost = boost): Candidate[] {
  const type = expectedAnswerType(query);
  if (!type) return ranked;
  if (type.name === 'trouble') boost = troubleBoost;
  if (boost <= 0) return ranked;
  for (const c of ranked) {
    const text = c.message?.content ?? c.memory?.content;
    if (text && type.holds.test(text)) c.score *= 1 + boost;
  }
  return ranked;
}

import type { Candidate } from './candidate.js';
import { asksDuration, asksMoney } from './question/detectors.js';
import { type QuestionShape, shapeOf } from './question/shape.js';

/**
 * Some questions name the kind of value their answer is ("how much does it cost" → an amount of
 * money, "how long" → a duration): messages and memories holding such a value gain `boost` ×
 * their score. Questions without one change nothing. ("How many" is not used: nearly every
 * message holds some number, and it moved no benchmark either way.)
 */
export interface AnswerType {
  name: 'money' | 'duration';
  /** The question asks for this kind of value (classes `money` and `duration`). */
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
];

/** The kind of value the question asks for, or null. */
export function expectedAnswerType(query: string): AnswerType | null {
  const q = shapeOf(query);
  return TYPES.find((t) => t.asks(q)) ?? null;
}

export function boostAnswerTypes(query: string, ranked: Candidate[], boost: number): Candidate[] {
  if (boost <= 0) return ranked;
  const type = expectedAnswerType(query);
  if (!type) return ranked;
  for (const c of ranked) {
    const text = c.message?.content ?? c.memory?.content;
    if (text && type.holds.test(text)) c.score *= 1 + boost;
  }
  return ranked;
}

import type { Candidate } from './candidate.js';

/**
 * Some questions name the kind of value their answer is ("how much does it cost" → an amount of
 * money, "how long" → a duration): messages and memories holding such a value gain `boost` ×
 * their score. Questions without one change nothing. ("How many" is not used: nearly every
 * message holds some number, and it moved no benchmark either way.)
 */
export interface AnswerType {
  name: 'money' | 'duration';
  asks: RegExp;
  holds: RegExp;
}

const NUMBER = '(?:\\d[\\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|a few|several|a couple of)';
const MONEY_WORDS = 'cost|costs|costing|pay|paid|paying|spend|spent|spending|charge|charged|charges|earn|earned|earns|worth|price|priced|fee|fees|rent|salary';

const TYPES: AnswerType[] = [
  {
    name: 'money',
    asks: new RegExp(`\\bhow much\\b[^?]*\\b(${MONEY_WORDS})\\b|\\bwhat(?:'s| is| was| were| are)? (?:the |my |their |his |her )?(?:price|cost|fee|salary|rent|budget)(?=\\s+(?:for|of|on|in|at)\\b|\\s*[?.!]|$)`, 'i'),
    holds: /[$€£¥₹]\s?\d|\b\d[\d,.]*\s?(k|m)?\s?(dollars?|usd|euros?|eur|pounds?|gbp|bucks)\b|\d\s?\/\s?(month|mo|year|yr|week|hour|hr)\b/i,
  },
  {
    name: 'duration',
    asks: /\bhow long\b/i,
    holds: new RegExp(`\\b${NUMBER}[\\s-]*(minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|decades?)\\b`, 'i'),
  },
];

/** The kind of value the question asks for, or null. */
export function expectedAnswerType(query: string): AnswerType | null {
  return TYPES.find((t) => t.asks.test(query)) ?? null;
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

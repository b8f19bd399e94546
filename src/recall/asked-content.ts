import { keywords } from '../text/tokenize.js';
import { timeSpans } from './time-expressions.js';
import { MAY_HOLD_TIME } from './time-range.js';

/**
 * Words that frame a question without naming what it asks about: "what kind of…", "what did she
 * say about…", "according to…". A question's time expression ("on 9 May, 2023", "last week")
 * says when, not what: chrono finds it. Neither binds an attribute to a subject.
 */
const FRAME = new Set(['kind', 'type', 'sort', 'say', 'said', 'says', 'mention', 'mentioned', 'according', 'tell', 'told', 'talk', 'describe', 'described']);

/** The question's content words other than its names, frame and time expressions, as 5-letter prefixes. */
export function askedContent(query: string, names: string[]): string[] {
  const text = withoutTimeExpressions(query);
  const skip = new Set(names);
  return [...new Set(keywords(text).filter((w) => !skip.has(w) && !FRAME.has(w)).map((w) => w.slice(0, 5)))];
}

/** The text with its time expressions blanked (same length); chrono runs only when one may be there. */
export function withoutTimeExpressions(text: string): string {
  if (!MAY_HOLD_TIME.test(text)) return text;
  let out = text;
  for (const span of timeSpans(text)) out = out.replace(span, ' '.repeat(span.length));
  return out;
}

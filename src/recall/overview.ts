import { asksOverview, asksSequence } from './question/detectors.js';
import { HISTORY_SPAN, SEQUENCE_NOUN, SUMMARY_NOUN, SUMMARY_VERB } from './question/lexicon.js';
import { shapeOf, stemOf } from './question/shape.js';

/**
 * Questions about a topic across the whole history (classes `overview` and `sequence`, see
 * question/classes.ts). An overview wants the topic's moments from every session; a sequence
 * question wants them in order. The words that shape such a request (summary, progressed, over
 * time, the order in which, our conversations) say nothing about the topic, so they are not searched.
 */

const REQUEST_WORDS = new Set([
  'summary', 'summaries', 'summarize', 'summarise', 'summarizing', 'summarising', 'recap', 'overview', 'rundown', 'sum',
  'order', 'chronological', 'chronologically', 'timeline', 'sequence', 'list', 'walk', 'brought', 'mention', 'mentioned', 'items',
  'comprehensive', 'complete', 'clear', 'brief', 'detailed', 'quick', 'short', 'full', 'whole', 'entire', 'overall', 'everything',
  'different', 'aspects', 'give', 'provide',
  'progress', 'progressed', 'developed', 'evolved', 'evolution', 'journey', 'changed', 'time', 'throughout', 'far', 'along', 'way', 'including', 'key',
  'conversations', 'conversation', 'discussions', 'discussion', 'discussed', 'discussing', 'chats', 'talked', 'talks',
]);
// Every word of the summary and sequence families, not only the forms listed above.
const REQUEST_FAMILIES = [SUMMARY_NOUN, SUMMARY_VERB, SEQUENCE_NOUN];

export function isOverviewQuestion(query: string): boolean {
  return asksOverview(shapeOf(query));
}

export function isOrderQuestion(query: string): boolean {
  return asksSequence(shapeOf(query));
}

/** How many things the answer should list ("mention only five items"): a count, not a topic. */
const ITEM_COUNT = /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:\w+\s+)?(?:items?|things?|points?|events?|steps?|moments?|aspects?|topics?)\b/gi;

/** A span of history with the chats it names ("across these sessions"). */
const SPAN_PHRASE = new RegExp(`(?:${HISTORY_SPAN.source})(?:\\s+(?:conversations?|chats?|discussions?|sessions?|talks?))?`, 'g');

/** Words of the request's frame in `query`: its span of history ("across our chats") and the item count. */
function frameWords(query: string): Set<string> {
  const q = query.toLowerCase();
  const spans = [...q.matchAll(SPAN_PHRASE)].flatMap((m) => m[0].split(/\s+/));
  const counts = [...q.matchAll(ITEM_COUNT)].map((m) => m[1]!);
  return new Set([...spans, ...counts]);
}

/** The topic words of an overview or order question (all of them when nothing else is left); `query` drops its frame's words too. */
export function overviewTerms(terms: string[], query = ''): string[] {
  const frame = frameWords(query);
  const topical = terms.filter((t) => !frame.has(t) && !REQUEST_WORDS.has(t) && !REQUEST_FAMILIES.some((f) => f.has(stemOf(t))));
  return topical.length > 0 ? topical : terms;
}

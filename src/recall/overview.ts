import { asksOverview, asksSequence } from './question/detectors.js';
import { SEQUENCE_NOUN, SUMMARY_NOUN, SUMMARY_VERB } from './question/lexicon.js';
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

/** The topic words of an overview or order question (all of them when nothing else is left). */
export function overviewTerms(terms: string[]): string[] {
  const topical = terms.filter((t) => !REQUEST_WORDS.has(t) && !REQUEST_FAMILIES.some((f) => f.has(stemOf(t))));
  return topical.length > 0 ? topical : terms;
}

/**
 * Questions about a topic across the whole history. An overview ("summarize how my app
 * progressed", "give me a recap of…") wants the topic's moments from every session; an order
 * question ("in what order did I bring up…", "list chronologically…") wants them in sequence.
 * The words that shape such a request (summary, progressed, over time, the order in which, our
 * conversations) say nothing about the topic, so they are not searched.
 */

// The verb ("summarize how…", "recap…") or the noun followed by what it covers ("a summary of…",
// "an overview on…"): "Where did I save the quarterly summary?" asks about a thing called summary.
const OVERVIEW = /\b(summari[sz](e|es|ing)|recap|sum up|(summary|summaries|recap|overview|rundown) (of|on|about)\b)/i;
const ORDER = /\b((in|the) (what |which )?order (in which|that|did|do)|in chronological order|chronologically|timeline (of|on|for))\b/i;

const REQUEST_WORDS = new Set([
  'summary', 'summaries', 'summarize', 'summarise', 'summarizing', 'summarising', 'recap', 'overview', 'rundown', 'sum',
  'order', 'chronological', 'chronologically', 'timeline', 'sequence', 'list', 'walk', 'brought', 'mention', 'mentioned', 'items',
  'comprehensive', 'complete', 'clear', 'brief', 'detailed', 'quick', 'short', 'full', 'whole', 'entire', 'overall', 'everything',
  'different', 'aspects', 'give', 'provide',
  'progress', 'progressed', 'developed', 'evolved', 'evolution', 'journey', 'changed', 'time', 'throughout', 'far', 'along', 'way', 'including', 'key',
  'conversations', 'conversation', 'discussions', 'discussion', 'discussed', 'discussing', 'chats', 'talked', 'talks',
]);

export function isOverviewQuestion(query: string): boolean {
  return OVERVIEW.test(query);
}

export function isOrderQuestion(query: string): boolean {
  return ORDER.test(query);
}

/** The topic words of an overview or order question (all of them when nothing else is left). */
export function overviewTerms(terms: string[]): string[] {
  const topical = terms.filter((t) => !REQUEST_WORDS.has(t));
  return topical.length > 0 ? topical : terms;
}

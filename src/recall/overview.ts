/**
 * An overview question ("summarize how my app progressed", "give me a recap of…") asks for a
 * topic's moments across the whole history. The words that shape such a request (summary,
 * progressed, over time, our conversations) say nothing about the topic, so they are not searched.
 */
// The verb ("summarize how…", "recap…") or the noun followed by what it covers ("a summary of…",
// "an overview on…"): "Where did I save the quarterly summary?" asks about a thing called summary.
const OVERVIEW = /\b(summari[sz](e|es|ing)|recap|sum up|(summary|summaries|recap|overview|rundown) (of|on|about)\b)/i;

const REQUEST_WORDS = new Set([
  'summary', 'summaries', 'summarize', 'summarise', 'summarizing', 'summarising', 'recap', 'overview', 'rundown', 'sum',
  'comprehensive', 'complete', 'clear', 'brief', 'detailed', 'quick', 'short', 'full', 'whole', 'entire', 'overall', 'everything',
  'give', 'provide',
  'progress', 'progressed', 'developed', 'evolved', 'evolution', 'journey', 'changed', 'time', 'throughout', 'far', 'along', 'way', 'including', 'key',
  'conversations', 'conversation', 'discussions', 'discussion', 'discussed', 'discussing', 'chats', 'talked', 'talks',
]);

export function isOverviewQuestion(query: string): boolean {
  return OVERVIEW.test(query);
}

/** The topic words of an overview question (all of them when nothing else is left). */
export function overviewTerms(terms: string[]): string[] {
  const topical = terms.filter((t) => !REQUEST_WORDS.has(t));
  return topical.length > 0 ? topical : terms;
}

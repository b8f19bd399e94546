/**
 * The protocol's plain full-text query: OR of the question's non-stopword terms, each quoted.
 * Terms are split the way FTS5's unicode61 tokenizer splits (any non-letter/digit separates, so
 * "Caroline's" gives "caroline" and a dropped "s"); single letters are dropped. Negations are kept
 * as terms: they carry meaning in a question. With this choice the baseline measures
 * 52.9 / 61.1 / 69.6 / 75.4 on locomo-dev against bench/README.md's 53.3 / 61.2 / 70.0 / 75.2.
 */
import { STOPWORDS } from '../../text/stopwords.js';

const KEPT_NEGATIONS = new Set(['no', 'not', 'nor']);

function isQueryStopword(term: string): boolean {
  return STOPWORDS.has(term) && !KEPT_NEGATIONS.has(term);
}

export function queryTerms(question: string): string[] {
  const terms = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => (t.length >= 2 || /\d/.test(t)) && !isQueryStopword(t));
  return [...new Set(terms)];
}

export function ftsOrQuery(question: string): string | null {
  const terms = queryTerms(question).map((t) => `"${t}"`);
  return terms.length === 0 ? null : terms.join(' OR ');
}

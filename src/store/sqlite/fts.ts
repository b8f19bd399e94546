import type { TextQuery } from '../store.js';

const HAS_WORD = /[\p{L}\p{N}]/u;

/**
 * Builds an FTS5 MATCH expression in which every term is a quoted phrase, so nothing a user
 * typed (AND, NEAR(, *, col:, ^, stray quotes) is read as query syntax. Terms without any letter
 * or digit would be empty phrases and are dropped. Returns null when nothing is left to match.
 */
export function ftsMatchExpression(query: TextQuery): string | null {
  const phrases = query.terms
    .map((t) => t.trim())
    .filter((t) => HAS_WORD.test(t))
    .map((t) => `"${t.replace(/"/g, '""')}"`);
  if (phrases.length === 0) return null;
  return phrases.join(query.match === 'all' ? ' AND ' : ' OR ');
}

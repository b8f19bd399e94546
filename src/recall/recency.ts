import { keywords } from '../text/tokenize.js';
import { type Candidate, candidateTime } from './candidate.js';

/**
 * Knowledge updates: when a newer message says at least every question word an older, better
 * ranked one says, and scores within `ratio` of it, it states the same thing later — it is placed
 * just above the older one. Callers skip this for questions about history or time order.
 */
export function preferNewer(ranked: Candidate[], terms: string[], ratio: number, window = 10, coverage = 1): Candidate[] {
  if (ratio <= 0 || ratio > 1 || terms.length === 0) return ranked;
  const prefixes = [...new Set(terms.map((t) => t.slice(0, 5)))];
  const head = ranked.filter((c) => c.message).slice(0, window);
  const covered = new Map(head.map((c) => {
    const have = new Set(keywords(c.message!.content).map((w) => w.slice(0, 5)));
    return [c, prefixes.filter((p) => have.has(p))];
  }));
  for (let i = 0; i < Math.min(3, head.length); i++) {
    const older = head[i]!;
    const olderTerms = covered.get(older)!;
    if (olderTerms.length === 0) continue;
    for (let j = i + 1; j < head.length; j++) {
      const newer = head[j]!;
      if (newer.score < ratio * older.score || newer.score >= older.score) continue;
      if ((candidateTime(newer) ?? '') <= (candidateTime(older) ?? '')) continue;
      const newerTerms = new Set(covered.get(newer));
      const shared = olderTerms.filter((t) => newerTerms.has(t)).length;
      if (newerTerms.size < olderTerms.length * coverage || shared < olderTerms.length * 0.5) continue;
      newer.score = older.score * (1 + 1e-6);
      break;
    }
  }
  return ranked;
}

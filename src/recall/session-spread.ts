import type { Candidate } from './candidate.js';

/**
 * An overview needs the topic's moments across the whole history, not one session's best turns:
 * the n-th best message of a session keeps `keep`^n of its score (memories are not touched).
 */
export function spreadSessions(ranked: Candidate[], keep: number): Candidate[] {
  if (keep >= 1) return ranked;
  const seen = new Map<string, number>();
  for (const c of ranked) {
    const s = c.message?.sessionId;
    if (!s) continue;
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    c.score *= keep ** n;
  }
  return ranked;
}

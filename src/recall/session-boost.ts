import type { Candidate } from './candidate.js';

/**
 * A session where several messages match is likely about the question's topic: every loaded
 * message gains `share` × the mean own score of its session's best `top` messages (excluding
 * itself is not needed: a lone hit still gains only a third of itself).
 */
export function boostSessions(ranked: Candidate[], share: number, top = 3): Candidate[] {
  if (share <= 0) return ranked;
  const bySession = new Map<string, number[]>();
  for (const c of ranked) {
    const s = c.message?.sessionId;
    if (!s || c.own <= 0) continue;
    const list = bySession.get(s);
    if (list) list.push(c.own);
    else bySession.set(s, [c.own]);
  }
  const strength = new Map<string, number>();
  for (const [s, scores] of bySession) {
    const best = scores.sort((a, b) => b - a).slice(0, top);
    strength.set(s, best.reduce((a, b) => a + b, 0) / top);
  }
  for (const c of ranked) {
    const s = c.message?.sessionId;
    if (s) c.score += share * (strength.get(s) ?? 0);
  }
  return ranked;
}

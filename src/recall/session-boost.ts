import type { Candidate } from './candidate.js';

/**
 * A session where several messages match is likely about the question's topic: every loaded
 * message gains `share` × the mean own score of its session's best `top` messages (a lone hit
 * gains only a third of itself), scaled down for messages longer than `refChars`.
 */
export function boostSessions(ranked: Candidate[], share: number, refChars = 0, top = 3): Candidate[] {
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
    if (!s) continue;
    // Like neighbours: short chat turns share their session's topic, long messages stand alone.
    const scale = refChars > 0 ? Math.min(1, refChars / Math.max(1, c.message!.content.length)) : 1;
    c.score += share * scale * (strength.get(s) ?? 0);
  }
  return ranked;
}

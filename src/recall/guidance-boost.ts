import type { Candidate } from './candidate.js';

/** Topic keys of stated preferences ("user.preferred_editor", "team.preference.language"). */
const PREFERENCE_KEY = /(?:^|[._])prefer/;

/**
 * Standing guidance (the user's rules for the assistant, and their stated preferences) governs
 * how a request should be answered: when the question asks for help rather than about the past,
 * guidance memories the channels found gain `boost` × their score, and pass it on to the turns
 * they came from. Memories must be hydrated.
 */
export function boostGuidance(ranked: Candidate[], boost: number): Candidate[] {
  if (boost <= 0) return ranked;
  for (const c of ranked) {
    const m = c.memory;
    if (!m || (m.type !== 'instruction' && !PREFERENCE_KEY.test(m.topicKey ?? ''))) continue;
    c.own *= 1 + boost;
    c.score *= 1 + boost;
  }
  return ranked;
}

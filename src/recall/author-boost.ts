import { words } from '../text/tokenize.js';
import { questionEntities } from './answerability.js';
import type { Candidate } from './candidate.js';
import { asksAssistantWords } from './question/detectors.js';
import { shapeOf } from './question/shape.js';

const LABEL = /^([\p{L}][\p{L} .'-]{0,40}):\s/u;

/**
 * A question about a person ("What did Ann paint?") is answered mostly by that person's own
 * turns: messages written as "Name: text" whose author the question names gain `boost` × their
 * score. Only loaded messages are checked (no store calls); nothing changes without a named author.
 */
export function boostNamedAuthors(query: string, ranked: Candidate[], boost: number): Candidate[] {
  if (boost <= 0) return ranked;
  const names = new Set(questionEntities(query));
  if (names.size === 0) return ranked;
  for (const c of ranked) {
    const m = c.message ? LABEL.exec(c.message.content) : null;
    if (!m || !words(m[1]!).some((w) => names.has(w))) continue;
    c.own *= 1 + boost;
    c.score *= 1 + boost;
  }
  return ranked;
}


/**
 * A question about what the assistant itself said is answered by the assistant's turns: their
 * scores are multiplied by 1 + `boost`. Requests ("can you…", "would you suggest…") do not count.
 */
export function boostAddressedAssistant(query: string, ranked: Candidate[], boost: number): Candidate[] {
  if (boost <= 0 || !asksAssistantWords(shapeOf(query))) return ranked;
  return boostRole(ranked, 'assistant', boost);
}

/** The user's own turns (class `own_statements`: "what did I raise…") gain `boost` × their score. */
export function boostOwnTurns(ranked: Candidate[], boost: number): Candidate[] {
  return boost > 0 ? boostRole(ranked, 'user', boost) : ranked;
}

function boostRole(ranked: Candidate[], role: 'user' | 'assistant', boost: number): Candidate[] {
  for (const c of ranked) if (c.message?.role === role) c.score *= 1 + boost;
  return ranked;
}

import { words } from '../text/tokenize.js';
import { questionEntities } from './answerability.js';
import type { Candidate } from './candidate.js';

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

/** "What did you recommend?", "have you told me…": the question asks about the assistant's own past words. */
const ASKS_ASSISTANT =
  /\b(did|have|had) you\b|\byou(?:'ve| have| had)? (?:recommended|suggested|advised|proposed|told|said|mentioned|explained|outlined|shared|provided|gave|showed|shown)\b/i;

/**
 * A question about what the assistant itself said is answered by the assistant's turns: their
 * scores are multiplied by 1 + `boost`. Requests ("can you…", "would you suggest…") do not count.
 */
export function boostAddressedAssistant(query: string, ranked: Candidate[], boost: number): Candidate[] {
  if (boost <= 0 || !ASKS_ASSISTANT.test(query)) return ranked;
  for (const c of ranked) if (c.message?.role === 'assistant') c.score *= 1 + boost;
  return ranked;
}

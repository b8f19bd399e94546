import type { Store } from '../store/store.js';
import { questionEntities } from './answerability.js';
import { type Candidate, candidateKey } from './candidate.js';
import { labelled } from './subject-binding.js';

/**
 * In a dialogue, what a person says of themselves often comes as the answer to someone else's
 * question: "How long have you been married?" — "5 years already!". The question shares the
 * asker's words with the user's question and ranks high; the answer, in other words, right after
 * it. Among the first `seeds` messages, one written as "Name: text" by someone other than the
 * people the question names, ending in a question, lifts the next turn of its session, when a
 * named person wrote it, to `share` × its own score. Nothing changes without a named author.
 */
export async function liftAnswers(store: Store, query: string, ranked: Candidate[], share: number, seeds: number): Promise<Candidate[]> {
  if (share <= 0) return ranked;
  const names = questionEntities(query).filter((n) => n.length >= 3);
  if (names.length === 0) return ranked;
  const named = (author: string) => names.some((n) => author.startsWith(n));
  const asking = ranked.slice(0, seeds).filter((c) => {
    const l = c.message ? labelled(c.message.content) : null;
    return l !== null && !named(l.author) && /\?\s*(?:\[[^\]]*\]\s*)?$/.test(l.body.trim());
  });
  if (asking.length === 0) return ranked;
  const around = await store.messagesAround(asking.map((c) => c.id), 0, 1);
  const byKey = new Map(ranked.map((c) => [candidateKey(c.kind, c.id), c]));
  const out = [...ranked];
  asking.forEach((q, i) => {
    const next = around[i]?.[1];
    const author = next ? labelled(next.content)?.author : undefined;
    if (!next || !author || !named(author)) return;
    const key = candidateKey('message', next.id);
    let c = byKey.get(key);
    if (!c) {
      c = { kind: 'message', id: next.id, message: next, hits: [], score: 0, own: 0 };
      byKey.set(key, c);
      out.push(c);
    }
    c.score = Math.max(c.score, share * q.score);
  });
  return out;
}

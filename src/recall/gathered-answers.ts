import { stemmer } from 'stemmer';
import { gatheredTopic } from '../consolidation/compose.js';
import type { Memory } from '../types.js';
import type { Candidate } from './candidate.js';

/** The speaker's own statements are about "User" (src/ingest/rules/speaker.ts); a question asks about them in the first person. */
const FIRST_PERSON = /\b(?:i|my|me|mine|myself)\b/i;

/**
 * A topic memory ("Ann on pottery: …") quotes every statement about one person and one topic
 * gathered across sessions: for a question about that person and that topic it is the answer
 * set, and ranks first instead of waiting at its capped score (gathered-aside.ts). The person is
 * named in the question (the speaker, "User", when it asks in the first person); the topic word
 * is one of its terms (stemmed). Of several, the best matched goes first.
 */
export function answeringTopic(aside: readonly Candidate[], query: string, terms: readonly string[]): Candidate | null {
  const asks = topicAsker(query, terms);
  let best: Candidate | null = null;
  for (const c of aside) if (c.memory && asks(c.memory) && (!best || c.own > best.own)) best = c;
  return best;
}

/** Whether a question asks about a topic memory's person (named, or "User" in the first person) and one of its topic words. */
export function topicAsker(query: string, terms: readonly string[]): (m: Memory) => boolean {
  const words = new Set(query.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? []);
  const stems = new Set(terms.flatMap((t) => t.toLowerCase().split(/\s+/)).map((w) => stemmer(w)));
  return (m) => {
    const topic = gatheredTopic(m);
    if (!topic) return false;
    const named = topic.subject === 'User' ? FIRST_PERSON.test(query) : words.has(topic.subject.toLowerCase());
    return named && topic.words.some((w) => stems.has(stemmer(w)));
  };
}

import type { Store } from '../store/store.js';
import { isStopword } from '../text/stopwords.js';
import { questionEntities } from './answerability.js';
import { relativeClauseHeads } from './presupposition.js';
import { HISTORY_SPAN } from './question/lexicon.js';

// "my dog's name", "our staging server": the thing a question takes for granted the profile knows.
const OWNED = /\b(?:my|our)\s+([\p{L}][\p{L}\p{N}-]{2,})/giu;
const POSSESSOR = /\b([\p{Ll}][\p{L}\p{N}-]{2,})['’]s\s+[\p{L}]/gu;

/**
 * What a question presupposes exists: the names it uses (see `questionEntities`), the things
 * it speaks of as someone's ("my dog's name" → dog) and the heads of its relative clauses ("the
 * puppy I adopted" → puppy, see `relativeClauseHeads`), lower-cased.
 */
export function presupposedNames(query: string): string[] {
  const out = new Set([...questionEntities(query), ...relativeClauseHeads(query)]);
  for (const re of [OWNED, POSSESSOR]) {
    for (const m of query.matchAll(re)) {
      const w = m[1]!.toLowerCase();
      // "our conversations", "my chats": the dialogue itself, never missing from a profile.
      if (!isStopword(w) && !HISTORY_SPAN.test(`our ${w}`)) out.add(w);
    }
  }
  return [...out];
}

/**
 * Share of what a question presupposes that nothing in the profile mentions, neither a message
 * nor a memory: 0 when it presupposes nothing. A question about someone or something the
 * profile never heard of cannot be answered from it, however well its other words match
 * ("What did Jon paint?" asked of a profile where no Jon ever spoke; "what is my dog's name?"
 * where no dog was ever mentioned).
 */
export async function unknownNameShare(store: Store, query: string): Promise<number> {
  const names = presupposedNames(query);
  if (names.length === 0) return 0;
  const known = await store.termsMentioned(names);
  return known.filter((k) => !k).length / names.length;
}

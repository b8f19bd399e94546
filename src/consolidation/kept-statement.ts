import type { Memory } from '../types.js';
import { topicWords } from './topic-words.js';

/**
 * The statement a merge keeps: the one the others restate, i.e. sharing the most content words
 * with the other members (summed over them), the newest on a tie, as supersession keeps the newest
 * value. The oldest statement only seeds the cluster (near-duplicates.ts); a later restatement often
 * says it more fully ("moving to Lisbon" → "moving to Lisbon in May for the new job").
 */
export function keptStatement(members: readonly Memory[], subject: string | null): Memory {
  const words = members.map((m) => topicWords(m.content, subject));
  let best = 0;
  let bestShared = -1;
  words.forEach((own, i) => {
    let shared = 0;
    words.forEach((other, j) => {
      if (j !== i) for (const w of own.keys()) if (other.has(w)) shared++;
    });
    if (shared >= bestShared) [best, bestShared] = [i, shared]; // members are oldest first: ties go to the newer
  });
  return members[best]!;
}

/** The members with the kept statement first: `derivedFrom[0]` names the statement whose words the merge keeps. */
export function keptFirst(members: readonly Memory[], subject: string | null): Memory[] {
  const kept = keptStatement(members, subject);
  return [kept, ...members.filter((m) => m !== kept)];
}

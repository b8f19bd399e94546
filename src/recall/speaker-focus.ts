import { questionEntities } from './answerability.js';
import type { Candidate } from './candidate.js';
import { sortCandidates } from './fuse.js';
import { hydrate } from './hydrate.js';
import type { Store } from '../store/store.js';
import { labelled } from './subject-binding.js';

export interface SpeakerFocusOptions {
  /** How many of the best candidates are read (loaded when the question names someone). */
  window: number;
  /** Share of its score a line by another participant keeps (1: off). */
  keep: number;
}

/**
 * A question about one participant of a dialogue ("what has Ann painted?") is answered by what
 * that participant says: in a "Name: text" dialogue, nearly every line answering it is theirs,
 * while the other's lines rank by their own matching words (a remark on Ann's painting, a
 * question put to her). Among the best `window`, a line written by a participant other than the
 * one the question names keeps `keep` of its score. This runs last: the named person's answers
 * to the other's questions and the second round have already been found through those lines,
 * and the misattribution check has read whose lines ranked first. Questions naming no
 * participant or several, and dialogues without names, are left as they are (and load nothing).
 */
export async function focusOnNamedSpeaker(store: Store, query: string, ranked: Candidate[], o: SpeakerFocusOptions): Promise<Candidate[]> {
  const entities = questionEntities(query);
  if (o.keep >= 1 || entities.length === 0) return ranked;
  const head = ranked.slice(0, o.window);
  await hydrate(store, head);
  const authors = head.map((c) => (c.message ? labelled(c.message.content)?.author : undefined));
  const participants = new Set(authors.filter((a): a is string => !!a));
  const named = entities.filter((e) => participants.has(e));
  if (named.length !== 1) return ranked;
  let moved = false;
  head.forEach((c, i) => {
    const author = authors[i];
    if (!author || author === named[0]) return;
    c.score *= o.keep;
    moved = true;
  });
  // Sorted only when a score moved, like the other late steps.
  return moved ? sortCandidates(ranked) : ranked;
}

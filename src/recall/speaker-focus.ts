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
  /** Share of its score the named participant's own line keeps when it ends in a question: it is put to the other, about them (1: off). */
  askingKeep: number;
  /** Share of its score the named participant's opening line of a session gains: the news since they last talked (0: off). */
  openingGain: number;
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
 * Of the named participant's own lines, one ending in a question asks the other about themselves
 * and keeps `askingKeep`; their first line of a session, where a dialogue brings the news since
 * the last one ("we went camping with the kids last weekend"), gains `openingGain`.
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
  const own = head.filter((_, i) => authors[i] === named[0]);
  const openers = o.openingGain > 0 ? await openingLines(store, own) : new Set<string>();
  let moved = false;
  head.forEach((c, i) => {
    const author = authors[i];
    if (!author) return;
    const factor = author !== named[0] ? o.keep : (asks(c) ? o.askingKeep : 1) * (openers.has(c.id) ? 1 + o.openingGain : 1);
    if (factor === 1) return;
    c.score *= factor;
    moved = true;
  });
  // Sorted only when a score moved, like the other late steps.
  return moved ? sortCandidates(ranked) : ranked;
}

function asks(c: Candidate): boolean {
  return /\?\s*$/.test(c.message!.content);
}

/** The lines that open their session for their author: among its first two lines, with no earlier line of theirs. */
async function openingLines(store: Store, own: Candidate[]): Promise<Set<string>> {
  if (own.length === 0) return new Set();
  const around = await store.messagesAround(own.map((c) => c.id), 2, 0);
  const out = new Set<string>();
  own.forEach((c, i) => {
    const before = (around[i] ?? []).filter((m) => m.id !== c.id);
    const author = labelled(c.message!.content)?.author;
    if (before.length < 2 && !before.some((m) => labelled(m.content)?.author === author)) out.add(c.id);
  });
  return out;
}

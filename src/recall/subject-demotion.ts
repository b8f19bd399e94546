import { contentPrefixes, questionEntities } from './answerability.js';
import type { Candidate } from './candidate.js';
import { sortCandidates } from './fuse.js';
import { bindSentences, lineAuthors } from './subject-binding.js';

export interface SubjectDemotionOptions {
  /** How many of the best candidates are read. */
  window: number;
  /** Share of its score a line keeps when what it says of the question is about someone else. */
  keep: number;
  /** The first this many places are left as they are (what the misattribution check reads). */
  first: number;
}

/**
 * A question about one person of a dialogue ("what has Ann painted?") is answered by what is
 * said of that person, not by their remarks on the other's ("Love that painting! What gave you
 * the idea?"): the words match, the subject does not. Each line among the best `window` is bound
 * sentence by sentence to whom it is about (src/recall/subject-binding.ts); a line whose sentences
 * holding the question's content words are all about someone other than the named person keeps
 * `keep` of its score, below the first `first` places: the misattribution check (answerability.ts)
 * reads those and must still see whose lines rank first. Lines matching by other means (no content
 * word), and questions naming no participant or several, are left as they are. Messages among the
 * window must be hydrated.
 */
export function demoteOthersSubjects(query: string, ranked: Candidate[], o: SubjectDemotionOptions): Candidate[] {
  if (o.keep >= 1) return ranked;
  const head = ranked.slice(0, o.window).filter((c) => c.message);
  const texts = head.map((c) => c.message!.content);
  const participants = lineAuthors(texts);
  const entities = questionEntities(query);
  const named = entities.filter((e) => participants.includes(e));
  if (named.length !== 1) return ranked;
  const content = contentPrefixes(query, entities);
  if (content.length === 0) return ranked;
  const own = new Set<number>();
  const others = new Set<number>();
  for (const s of bindSentences(texts, participants)) {
    if (!content.some((p) => s.words.has(p))) continue;
    (s.subject === named[0] ? own : others).add(s.rank);
  }
  // Scores are capped at the last kept place's, so the first `first` stay where they are.
  const fixed = new Set(ranked.slice(0, o.first));
  const ceiling = ranked[o.first - 1]?.score ?? Infinity;
  let demoted = false;
  head.forEach((c, i) => {
    if (fixed.has(c) || !others.has(i) || own.has(i)) return;
    c.score = Math.min(c.score * o.keep, ceiling);
    demoted = true;
  });
  // Sorted only when a score moved: a timeline's order (time spread, exchange pairs) is not by score.
  return demoted ? sortCandidates(ranked) : ranked;
}

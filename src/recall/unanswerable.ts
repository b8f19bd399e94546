import { contentOwnership } from './answerability.js';
import { unnamedInEvidence } from './name-binding.js';
import { lineAuthors } from './subject-binding.js';
import type { RecallTuning } from './tuning.js';

/**
 * Whether the best evidence, though it matches the question's words, does not answer it: the
 * question binds its attribute to a subject the evidence binds to someone else (see
 * `contentOwnership`), or to a named thing the evidence never names (see `unnamedInEvidence`).
 * `messages` are the best messages' texts in rank order, `memories` the best memories'.
 */
export function evidenceMisbound(query: string, messages: string[], memories: string[], t: RecallTuning): boolean {
  const participants = lineAuthors(messages);
  const ownership = contentOwnership(query, messages.slice(0, t.misattributionWindow), participants);
  if (ownership !== null && ownership.others - ownership.own >= t.misattributionGap && ownership.own <= t.misattributionOwnAtMost) return true;
  if (t.nameEvidenceWindow === 0) return false;
  return unnamedInEvidence(query, [...messages.slice(0, t.nameEvidenceWindow), ...memories], participants).length > 0;
}

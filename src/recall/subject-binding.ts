import { sentences } from '../text/sentences.js';
import { keywords, words } from '../text/tokenize.js';

/**
 * Entity–attribute binding for chat lines written as "Name: text": whom each sentence is about.
 * Serves the class "a question asks about one person what only another said or did" (LoCoMo's
 * adversarial questions swap the speaker). A sentence is bound to a subject with a strength:
 * - a first-person statement ("I ran a race") binds its author, fully;
 * - a statement that speaks only of "you" ("your race sounds great") binds the listener, fully;
 * - a question binds less: asking "what got you into running?" presupposes the listener runs,
 *   asking "should I run?" claims little about the author;
 * - a sentence with no person in it ("It was thought-provoking.") continues the sentence before
 *   it in the same line, or, opening a line, belongs weakly to its author; when it calls the
 *   listener by name ("That race sounds great, Mel!") it is a remark on the listener.
 */
export interface BoundSentence {
  subject: string;
  strength: number;
  /** Content words of the sentence as 5-letter prefixes. */
  words: Set<string>;
  /** Rank of the line among the best messages (0: best). */
  rank: number;
}

export interface BindingStrengths {
  claim: number;
  question: number;
  listenerQuestion: number;
  continued: number;
  unmarked: number;
}

export const DEFAULT_STRENGTHS: BindingStrengths = { claim: 1, question: 0.5, listenerQuestion: 0.75, continued: 0.75, unmarked: 0.5 };

const LABEL = /^([\p{L}][\p{L} .'-]{0,40}):\s+/u;
const FIRST_PERSON = /\b(?:I|I'm|I've|I'd|I'll|my|me|mine|myself|we|we're|we've|our|ours|us)\b/i;
const SECOND_PERSON = /\b(?:you|your|you're|you've|yours|yourself|ya)\b/i;
// Image captions and other bracketed asides describe, they do not claim.
const ASIDE = /\[[^\]]*\]/g;

/** The author of a "Name: text" line (first word of the name, lower-cased) and its body. */
export function labelled(text: string): { author: string; body: string } | null {
  const m = LABEL.exec(text);
  return m ? { author: words(m[1]!)[0] ?? '', body: text.slice(m[0].length) } : null;
}

/** Whether the sentence calls someone by (a 3-letter or longer prefix of) their name. */
function callsBy(sentence: string, name: string): boolean {
  return words(sentence).some((w) => w.length >= 3 && name.startsWith(w));
}

/**
 * The sentences of the best lines bound to their subjects. `participants` are the authors of
 * the conversation (for the listener of a line in a two-person chat); a line whose author is
 * not among them, or a chat of more than two, has no listener.
 */
export function bindSentences(lines: string[], participants: string[], s: BindingStrengths = DEFAULT_STRENGTHS): BoundSentence[] {
  const out: BoundSentence[] = [];
  lines.forEach((text, rank) => {
    const line = labelled(text);
    if (!line) return;
    const others = participants.filter((p) => p !== line.author);
    const listener = others.length === 1 ? others[0]! : null;
    let previous: { subject: string; strength: number } | null = null;
    for (const segment of sentences(line.body.replace(ASIDE, ' '))) {
      const sentenceWords = new Set(keywords(segment).map((w) => w.slice(0, 5)));
      if (sentenceWords.size === 0) continue;
      const first = FIRST_PERSON.test(segment);
      const second = SECOND_PERSON.test(segment);
      const asks = segment.trim().endsWith('?');
      let bound: { subject: string; strength: number };
      if (second && !first && listener) bound = { subject: listener, strength: asks ? s.listenerQuestion : s.claim };
      else if (first) bound = { subject: line.author, strength: asks ? s.question : s.claim };
      else if (listener && callsBy(segment, listener)) bound = { subject: listener, strength: s.unmarked };
      else if (previous) bound = { subject: previous.subject, strength: Math.min(previous.strength, s.continued) };
      else bound = { subject: line.author, strength: asks ? s.question * s.unmarked : s.unmarked };
      out.push({ ...bound, words: sentenceWords, rank });
      previous = bound;
    }
  });
  return out;
}

/** Authors of the lines written as "Name: text", in order of first appearance. */
export function lineAuthors(lines: string[]): string[] {
  return [...new Set(lines.flatMap((t) => labelled(t)?.author ?? []))];
}

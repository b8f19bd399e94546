import { askedContent } from './asked-content.js';
import { isEmphasis } from './emphasis.js';
import { type BoundSentence, bindSentences, lineAuthors } from './subject-binding.js';

const CALENDAR = new Set([
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'i',
]);
const CAPITALIZED = /(^|[^\p{L}\p{N}'’])(\p{Lu}[\p{L}\p{N}'’-]*)/gu;

/**
 * Names in a question: capitalized words that do not open a sentence (possessive dropped,
 * lower-cased), minus calendar words and function words in capitals, which are emphasis
 * ("mention ONLY five items"). "What did Ann tell Bob about Paris?" → ann, bob, paris.
 */
export function questionEntities(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(CAPITALIZED)) {
    const start = m.index! + m[1]!.length;
    const before = query.slice(0, start).trimEnd();
    if (before === '' || /[.?!:;"(]$/.test(before)) continue;
    const w = m[2]!.toLowerCase().replace(/['’]s$/, '').replace(/['’-]+$/, '');
    if (w.length < 2 || CALENDAR.has(w) || isEmphasis(m[2]!)) continue;
    out.add(w);
  }
  return [...out];
}

/** The question's content words other than its names, frame and time expressions, as 5-letter prefixes. */
export function contentPrefixes(query: string, entities: string[]): string[] {
  return askedContent(query, entities);
}

/** A question of one content word says too little to pin its subject on anyone (a gap there is noise). */
const MIN_CONTENT_WORDS = 2;
/**
 * Others' sentences that bind less than a claim (questions, unmarked remarks) count this much:
 * "what got you into running?" suggests the listener runs, but less surely than "I run" says it.
 */
const OTHERS_WEAK_BINDING = 0.67;

/**
 * Whose is what the question asks about? Among the best messages written as "Name: text", the
 * best coverage of the question's content words by what one line says of the person the
 * question names (`own`), and by what one line says of anyone else (`others`). A line's
 * sentences about one subject count together ("I ran a race. It made me realize…"), weighted by
 * the surest of them (see `bindSentences`). `participants` are the conversation's authors
 * (default: the authors of these lines). null when the question names no author, or more than
 * one, or has fewer than two content words (nothing to check).
 */
export function contentOwnership(query: string, messageTexts: string[], participants = lineAuthors(messageTexts)): { own: number; others: number } | null {
  const entities = questionEntities(query);
  const named = entities.filter((e) => participants.includes(e));
  if (named.length !== 1) return null;
  const content = contentPrefixes(query, entities);
  if (content.length < MIN_CONTENT_WORDS) return null;
  const person = named[0]!;
  let own = 0;
  let others = 0;
  for (const said of saidOfSubjects(bindSentences(messageTexts, participants), content)) {
    const covered = (said.covered.size / content.length) * said.strength;
    if (said.subject === person) own = Math.max(own, covered);
    else others = Math.max(others, said.strength < 1 ? covered * OTHERS_WEAK_BINDING : covered);
  }
  return { own, others };
}

/** Per line and subject: the content words its sentences about that subject cover, and the surest binding among them. */
function saidOfSubjects(sentences: BoundSentence[], content: string[]) {
  const bySubject = new Map<string, { subject: string; covered: Set<string>; strength: number }>();
  for (const s of sentences) {
    const hits = content.filter((p) => s.words.has(p));
    if (hits.length === 0) continue;
    const key = `${s.rank}\u0000${s.subject}`;
    const said = bySubject.get(key) ?? { subject: s.subject, covered: new Set<string>(), strength: 0 };
    for (const h of hits) said.covered.add(h);
    said.strength = Math.max(said.strength, s.strength);
    bySubject.set(key, said);
  }
  return bySubject.values();
}

/**
 * Whether the question pins on someone what the evidence says about someone else: how much more
 * of the question others' sentences cover than the named person's (see `contentOwnership`).
 * 0 when there is nothing to check; near 1 when only others said it ("What did Ann paint?" when
 * only Bob speaks of painting).
 */
export function misattributionGap(query: string, messageTexts: string[]): number {
  const o = contentOwnership(query, messageTexts);
  return o ? Math.max(0, o.others - o.own) : 0;
}

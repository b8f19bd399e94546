import { keywords, words } from '../text/tokenize.js';

const CALENDAR = new Set([
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'i',
]);
const CAPITALIZED = /(^|[^\p{L}\p{N}'’])(\p{Lu}[\p{L}\p{N}'’-]*)/gu;

/**
 * Names in a question: capitalized words that do not open a sentence (possessive dropped,
 * lower-cased), minus calendar words. "What did Ann tell Bob about Paris?" → ann, bob, paris.
 */
export function questionEntities(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(CAPITALIZED)) {
    const start = m.index! + m[1]!.length;
    const before = query.slice(0, start).trimEnd();
    if (before === '' || /[.?!:;"(]$/.test(before)) continue;
    const w = m[2]!.toLowerCase().replace(/['’]s$/, '').replace(/['’-]+$/, '');
    if (w.length < 2 || CALENDAR.has(w)) continue;
    out.add(w);
  }
  return [...out];
}

/** The question's content words other than its names, as 5-letter prefixes. */
export function contentPrefixes(query: string, entities: string[]): string[] {
  const names = new Set(entities);
  return [...new Set(keywords(query).filter((w) => !names.has(w)).map((w) => w.slice(0, 5)))];
}

const LABEL = /^([\p{L}][\p{L} .'-]{0,40}):\s+/u;
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const FIRST_PERSON = /\b(?:I|I'm|I've|I'd|I'll|my|me|mine|we|our|us)\b/i;
const SECOND_PERSON = /\b(?:you|your|you're|yours)\b/i;
// Image captions and other bracketed asides describe, they do not claim.
const ASIDE = /\[[^\]]*\]/g;

/** A sentence of a chat line, with whose it is: its author's, or the listener's when it speaks only of "you". */
interface OwnedSentence {
  owner: string;
  words: Set<string>;
  question: boolean;
}

function ownedSentences(messageTexts: string[]): { sentences: OwnedSentence[]; authors: string[] } {
  const lines = messageTexts.flatMap((text) => {
    const m = LABEL.exec(text);
    return m ? [{ author: words(m[1]!)[0] ?? '', body: text.slice(m[0].length).replace(ASIDE, ' ') }] : [];
  });
  const authors = [...new Set(lines.map((l) => l.author))];
  const sentences = lines.flatMap((l) => {
    const listener = authors.find((a) => a !== l.author) ?? '';
    return [...segmenter.segment(l.body)].map(({ segment }) => ({
      owner: SECOND_PERSON.test(segment) && !FIRST_PERSON.test(segment) ? listener : l.author,
      words: new Set(keywords(segment).map((w) => w.slice(0, 5))),
      question: segment.trim().endsWith('?'),
    }));
  });
  return { sentences, authors };
}

/**
 * Whose is what the question asks about? Among the best messages written as "Name: text", the
 * best coverage of the question's content words by a sentence of the person the question names
 * (`own`), and by anyone else's (`others`). A sentence is its author's, or the listener's when it
 * speaks only of "you" ("your charity race sounds great" is about the listener's race); a
 * question counts half, since asking about something is not claiming it. null when the question
 * names no author of these messages (nothing to check).
 */
export function contentOwnership(query: string, messageTexts: string[]): { own: number; others: number } | null {
  const entities = questionEntities(query);
  const content = contentPrefixes(query, entities);
  if (entities.length === 0 || content.length === 0) return null;
  const { sentences, authors } = ownedSentences(messageTexts);
  const person = entities.find((e) => authors.includes(e));
  if (person === undefined) return null;
  let own = 0;
  let others = 0;
  for (const s of sentences) {
    const covered = (content.filter((p) => s.words.has(p)).length / content.length) * (s.question ? 0.5 : 1);
    if (s.owner === person) own = Math.max(own, covered);
    else others = Math.max(others, covered);
  }
  return { own, others };
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

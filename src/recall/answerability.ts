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

function prefixesOf(text: string): Set<string> {
  return new Set(keywords(text).map((w) => w.slice(0, 5)));
}

/** A chat line "Name: text" split into its author's words and its body. */
interface Line {
  author: Set<string>;
  /** Content-word prefixes of the whole body. */
  all: Set<string>;
  /** Prefixes of its statements only: asking about something is not claiming it. */
  stated: Set<string>;
}

function parseLine(text: string): Line | null {
  const m = LABEL.exec(text);
  if (!m) return null;
  const body = text.slice(m[0].length);
  const statements = [...segmenter.segment(body)].map((s) => s.segment).filter((s) => !s.trim().endsWith('?'));
  return { author: new Set(words(m[1]!)), all: prefixesOf(body), stated: prefixesOf(statements.join(' ')) };
}

/**
 * Whether the question pins on someone what the evidence says about someone else: among the best
 * messages written as "Name: text", the best coverage of the question's content words by any
 * message, minus the best coverage by a statement of a person the question names (the weakest
 * such person counts). 0 when no named person authors any of them (nothing to check); near 1
 * when only others said it ("What did Ann paint?" when only Bob speaks of painting).
 */
export function misattributionGap(query: string, messageTexts: string[]): number {
  const entities = questionEntities(query);
  if (entities.length === 0) return 0;
  const content = contentPrefixes(query, entities);
  if (content.length === 0) return 0;
  const lines = messageTexts.map(parseLine).filter((l): l is Line => l !== null);
  const persons = entities.filter((e) => lines.some((l) => l.author.has(e)));
  if (persons.length === 0) return 0;
  const coverage = (set: Set<string>) => content.filter((p) => set.has(p)).length / content.length;
  const best = Math.max(...lines.map((l) => coverage(l.all)));
  const named = persons.map((p) => Math.max(0, ...lines.filter((l) => l.author.has(p)).map((l) => coverage(l.stated))));
  return best - Math.min(...named);
}

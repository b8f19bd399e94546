import { isStopword } from '../text/stopwords.js';

/**
 * Named things a text mentions (people, places, projects, tools, titles), found by rules: a
 * "Name:" author label, and capitalized or inner-capital words that do not open a sentence
 * ("we met Jon at Luna Park", "switched to PostgreSQL", "read Charlotte's Web"). A word that
 * opens a sentence is a name only when it is known as one: the same text, or an earlier indexed
 * one, writes it capitalized mid-sentence or as its label (`known`), so "Wow" or "Honestly"
 * never become entities while "Luna turned two" counts once Luna was seen as a name. Keys are lower-cased
 * single words with the possessive dropped, the form `questionEntities` gives a question's names.
 */
const LABEL = /^([\p{Lu}][\p{L}.'’ -]{0,40}):\s/u;
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’.+#_-]*/gu;
const SENTENCE_END = /[.!?:;()[\]\n]\s*$/;
/** "Luna and Oliver…": a sentence opener joined to a capitalized word is a name too. */
const JOINED = /^\s*(?:and|&|or)\s+\p{Lu}/u;
const NOT_NAMES = new Set([
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'i', "i'm", "i've", "i'd", "i'll", 'ok', 'okay',
]);
const MAX_KEY_CHARS = 60;

export function entityKey(word: string): string | null {
  const key = word.toLowerCase().replace(/’/g, "'").replace(/'s$/, '').replace(/['.+#_-]+$/, '');
  if (key.length < 2 || key.length > MAX_KEY_CHARS || NOT_NAMES.has(key) || isStopword(key) || /^\d+$/.test(key)) return null;
  return key;
}

function named(token: string): boolean {
  return /^\p{Lu}/u.test(token) || /^\p{Ll}+\p{Lu}/u.test(token);
}

/** The entity keys a text mentions, de-duplicated; `known` says whether an opener is a known name. */
export function entityMentions(text: string, known: (key: string) => boolean = () => false): string[] {
  const out = new Set<string>();
  const label = LABEL.exec(text);
  const labelKeys = new Set<string>();
  if (label) {
    for (const w of label[1]!.split(/\s+/)) {
      const k = entityKey(w);
      if (k) labelKeys.add(k);
    }
  }
  const body = label ? text.slice(label[0].length) : text;
  const midSentence = new Set<string>();
  const openers: string[] = [];
  for (const m of body.matchAll(TOKEN)) {
    if (!named(m[0])) continue;
    const k = entityKey(m[0]);
    if (!k) continue;
    const before = body.slice(0, m.index!).trimEnd();
    const opens = before === '' || SENTENCE_END.test(before);
    if (opens && !JOINED.test(body.slice(m.index! + m[0].length))) openers.push(k);
    else midSentence.add(k);
  }
  for (const k of labelKeys) out.add(k);
  for (const k of midSentence) out.add(k);
  for (const k of openers) if (midSentence.has(k) || labelKeys.has(k) || known(k)) out.add(k);
  return [...out];
}

import { isStopword } from './stopwords.js';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;
const APOSTROPHE = 0x27;
const HYPHEN = 0x2d;

/** Lower-cased words (letters, digits, inner apostrophes, hyphens and underscores). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    let w = m[0];
    // Most words hold no curly apostrophe and end in a letter or digit: skip the replaces then.
    if (w.includes('’')) w = w.replace(/’/g, "'");
    const last = w.charCodeAt(w.length - 1);
    if (last === APOSTROPHE || last === HYPHEN) w = w.replace(/['-]+$/, '');
    if (w) out.push(w);
  }
  return out;
}

/** Words that carry meaning: stopwords and 1-character tokens dropped, order kept, de-duplicated. */
export function keywords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words(text)) {
    const base = w.endsWith("'s") ? w.slice(0, -2) : w;
    if (base.length < 2 && !/\d/.test(base)) continue;
    if (isStopword(base) || seen.has(base)) continue;
    seen.add(base);
    out.push(base);
  }
  return out;
}

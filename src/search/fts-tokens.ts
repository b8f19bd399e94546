import { stemmer } from 'stemmer';

const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
/** FTS5's porter tokenizer leaves longer tokens as they are. */
const MAX_STEMMED = 64;
const CACHE_LIMIT = 200_000;

const stems = new Map<string, string>();

/**
 * The tokens SQLite FTS5 makes with `tokenize='porter unicode61'`: runs of letters and digits,
 * case folded, diacritics removed, Porter-stemmed. Kept identical so the in-memory index ranks
 * exactly like the FTS5 tables it accelerates (checked against SQLite in the tests).
 */
export function ftsTokens(text: string): string[] {
  const folded = /[^\x00-\x7f]/.test(text) ? text.normalize('NFD').replace(COMBINING_MARKS, '') : text;
  const out: string[] = [];
  for (const m of folded.toLowerCase().matchAll(TOKEN)) out.push(stem(m[0]));
  return out;
}

function stem(token: string): string {
  if (token.length < 3 || token.length > MAX_STEMMED) return token;
  let s = stems.get(token);
  if (s === undefined) {
    s = stemmer(token);
    if (stems.size >= CACHE_LIMIT) stems.clear();
    stems.set(token, s);
  }
  return s;
}

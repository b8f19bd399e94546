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
  const out = unstemmedTokens(text);
  for (let i = 0; i < out.length; i++) out[i] = stem(out[i]);
  return out;
}

/** ftsTokens before stemming: each one's term is `stem(token)`. */
export function unstemmedTokens(text: string): string[] {
  const folded = /[^\x00-\x7f]/.test(text) ? text.normalize('NFD').replace(COMBINING_MARKS, '') : text;
  // match() with the global flag gives the tokens as strings, without a match object per token.
  return folded.toLowerCase().match(TOKEN) ?? [];
}

/** The Porter stem FTS5 indexes a case-folded token under. */
export function stem(token: string): string {
  if (token.length < 3 || token.length > MAX_STEMMED) return token;
  let s = stems.get(token);
  if (s === undefined) {
    s = stemmer(token);
    if (stems.size >= CACHE_LIMIT) stems.clear();
    // A token of 13 or more characters is a slice of the text it was cut from (V8 keeps such
    // substrings as views): the cache keeps a copy, not the whole text.
    if (token.length >= 13) {
      token = JSON.parse(JSON.stringify(token)) as string;
      if (s.length >= 13) s = JSON.parse(JSON.stringify(s)) as string;
    }
    stems.set(token, s);
  }
  return s;
}

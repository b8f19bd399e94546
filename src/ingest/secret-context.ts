import { isPlaceholder, looksLikeLiteralSecret } from './secret-values.js';

/**
 * Secrets without a recognisable format, found by what surrounds them: a random-looking token
 * shortly after a word such as key, token, secret or password ("my Datadog API key is 5e99…",
 * "the wifi password is Tr0ub4dor&3"). Hashes, ids and fingerprints named as such are left alone.
 */

/** Words that announce a credential. "key" alone counts ("my Mailgun key is …"). */
const SECRET_WORD = /(?<![A-Za-z])(?:api[ _-]?keys?|access[ _-]?keys?|secret(?:[ _-]?key)?s?|tokens?|credentials?|pat|keys?|passwords?|passwd|passphrase|pwd)(?![a-z])/gi;
/** Words that say the nearby token is not a credential (a hash, an id, a public fingerprint). */
const NOT_SECRET = /\b(?:public|fingerprints?|hash(?:es|ed)?|sha\d*|md5|checksums?|digests?|commits?|etag|trace|span|uuid|request[ _-]?id|primary|foreign|cache|count|budget|limit|max|endpoint|type|rotation|tokenizer)\b/i;
const PASSWORD_WORD = /\b(?:passwords?|passwd|passphrase|pwd)\s+(?:is|was|to|=|:)\s+(\S{6,})/gi;
const TOKEN = /[A-Za-z0-9+/_~!@#$%^&*=-](?:[A-Za-z0-9+/_~!@#$%^&*=.-]*[A-Za-z0-9+/_~!@#$%^&*=-])?/g;
/** How far after the word a token may sit, within the same line. */
const WINDOW = 80;

export interface ContextHit {
  start: number;
  end: number;
  kind: 'keyword_secret' | 'password';
}

function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

/** Random-looking enough to be a key: long, letters and digits mixed, high character entropy. */
export function looksRandom(token: string): boolean {
  if (token.length < 16 || token.startsWith('REDACTED')) return false;
  if (!/\d/.test(token) || !/[A-Za-z]/.test(token)) return false;
  if (/^v?\d+(?:\.\d+)+/.test(token) || /^\d[\d-]*$/.test(token)) return false; // versions, numbers
  if (/^[a-z]+\d*(?:[._][a-z]+\d*)+$/.test(token) || isPlaceholder(token)) return false; // argon2.hash_password, test_key_1
  if (/^[a-z]+:\/\//i.test(token) || /^\.{0,2}(?:\/[a-z0-9._-]*)+$/.test(token)) return false; // URLs, lowercase paths
  return entropy(token) >= (/^[0-9a-f-]+$/i.test(token) ? 3.0 : 3.5);
}

function plainWord(v: string): boolean {
  return /^[A-Za-z][a-z]+[.,;!?]?$/.test(v);
}

export function findContextSecrets(text: string): ContextHit[] {
  const hits: ContextHit[] = [];
  for (const m of text.matchAll(SECRET_WORD)) {
    const wordEnd = m.index + m[0].length;
    const lineEnd = text.indexOf('\n', wordEnd);
    const window = text.slice(wordEnd, Math.min(lineEnd < 0 ? text.length : lineEnd, wordEnd + WINDOW));
    const before = text.slice(Math.max(0, m.index - 25), m.index);
    for (const t of window.matchAll(TOKEN)) {
      if (!looksRandom(t[0]) || window[t.index + t[0].length] === '(') continue; // a call is code
      if (NOT_SECRET.test(before + m[0] + window.slice(0, t.index))) break;
      hits.push({ start: wordEnd + t.index, end: wordEnd + t.index + t[0].length, kind: 'keyword_secret' });
      break;
    }
  }
  for (const m of text.matchAll(PASSWORD_WORD)) {
    const raw = m[1]!.replace(/[.,;]$/, '');
    const value = raw.replace(/^(["'`])(.*)\1$/, '$2');
    if (plainWord(value) || !looksLikeLiteralSecret(value) || !/[\d\W_]/.test(value)) continue;
    const start = m.index + m[0].length - m[1]!.length + (raw.length - value.length) / 2;
    hits.push({ start, end: start + value.length, kind: 'password' });
  }
  return hits;
}

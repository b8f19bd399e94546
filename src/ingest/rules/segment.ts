/**
 * Splits a message body into candidate statements: code and markup removed, sentences segmented
 * with Intl.Segmenter, run-on sentences cut before a trailing question ("…, can you help?") and
 * at clause boundaries that start a new first-person statement ("…, so I prefer …").
 */
// Made on first use: creating it loads ICU's sentence rules, which a reader never needs.
let segmenter: Intl.Segmenter | undefined;

const FENCED_CODE = /```[\s\S]*?(?:```|$)/g;
const INDENTED_CODE = /^(?: {4}|\t).*$/gm;
const MARKUP = /^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)|\*\*|__|\*(?=\S)|(?<=\S)\*/gm;

// Where a trailing request begins in a sentence that ends with "?".
const TRAILING_QUESTION =
  /(?:[,;:–—-]\s*|\s+(?:and|so|but)\s+|\s+)(?:(?:and|so|but)\s+)?(?:can|could|would|will) you\b|[,;:–—]\s*(?:and\s+|so\s+)?(?:how|what|which|where|when|why|should|shall|do|does|is|are|any|maybe|or)\b/i;
// "…, we switched from npm" says where a statement came from: it stays with the statement.
const CLAUSE_BREAK = /(?:[,;]\s+(?:and|so|but|because|since)\s+(?=(?:I|we|my|our)\b)|;\s+|,\s+(?=(?:I|we)(?:\s|')(?!mean\b)(?!(?:ve\s+|have\s+)?(?:just\s+)?(?:switched|moved|migrated|changed)\s+(?:over\s+)?from\b)))/;
// Image captions and other bracketed asides are not the speaker's statement.
const BRACKETED = /\s*\[(?!REDACTED)[^\]\n]{0,300}\]/g;

export function stripMarkup(body: string): string {
  return body.replace(FENCED_CODE, '\n').replace(INDENTED_CODE, '').replace(MARKUP, '').replace(/`([^`\n]*)`/g, '$1').replace(BRACKETED, '');
}

// A request tacked onto a statement even without a question mark ("…, can you help me with that").
const TRAILING_REQUEST = /,\s*(?:and\s+|so\s+)?(?:(?:can|could|would|will) you|how (?:can|do|should) I|maybe|here's|here is|any (?:tips|ideas|suggestions))\b/i;

// Trailing symbol runs with no words ("->-> 3,28", "=====") are markers, not part of the sentence.
const TRAILING_SYMBOLS = /\s+[-=<>|~*#]{2,}[^\p{L}]*$/u;

function clauses(sentence: string): string[] {
  let s = sentence.trim().replace(TRAILING_SYMBOLS, '');
  const request = TRAILING_REQUEST.exec(s);
  if (request && request.index >= 12) s = s.slice(0, request.index).trim();
  if (/:\s*$/.test(s)) return [];
  if (s.endsWith('?')) {
    const q = TRAILING_QUESTION.exec(s);
    if (!q || q.index < 12) return [s];
    s = s.slice(0, q.index).trim();
  }
  return splitClauses(s);
}

// A clause that opens with a subordinator ("but if we share them") is unfinished when a break follows.
const OPEN_SUBORDINATE = /(?:^|[,;]\s*)(?:(?:and|but|so)\s+)?(?:if|when|whenever|once|unless|although|though|while|since|because|as soon as|as long as|after|before)\b[^,;]*$/i;
const CLAUSE_BREAKS = new RegExp(CLAUSE_BREAK.source, 'g');

/**
 * Splits at clause breaks. A piece that ends in an unfinished subordinate clause loses that tail:
 * "we all have our paths, but if we share them, we show …" gives "we all have our paths" and
 * "we show …", never the fragment "… but if we share them".
 */
function splitClauses(s: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of s.matchAll(CLAUSE_BREAKS)) {
    out.push(s.slice(start, m.index).replace(OPEN_SUBORDINATE, ''));
    start = m.index + m[0].length;
  }
  out.push(s.slice(start));
  return out.map((c) => c.trim()).filter(Boolean);
}

export function sentencesOf(body: string): string[] {
  const out: string[] = [];
  for (const paragraph of stripMarkup(body).split(/\n+/)) {
    const text = paragraph.trim();
    if (!text) continue;
    for (const { segment } of (segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' })).segment(text)) {
      for (const c of clauses(segment)) out.push(c);
    }
  }
  return out;
}

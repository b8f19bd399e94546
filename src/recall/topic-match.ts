import { compareKeys } from './key-order.js';

/**
 * Ranks existing topic keys by how many query keywords their attribute segments share
 * (prefix-tolerant). The subject segment alone never matches: "what does Ann like?" must not
 * pull every `ann.*` key; it only breaks ties.
 */
export function matchTopicKeys(terms: string[], keys: string[], limit: number): string[] {
  if (terms.length === 0 || keys.length === 0) return [];
  const stems = new Set(terms.map(stem));
  if (indexes.has(keys) || scanned.has(keys)) return bestIndexed(keyIndex(keys), stems, limit);
  return best(scoreScanned(keys, stems), limit).map((s) => s.key);
}

const order = (a: Scored, b: Scored): number => b.score - a.score || compareKeys(a.key, b.key);

function best(scored: Scored[], limit: number): Scored[] {
  return firstIndices(scored.length, limit, (i, j) => order(scored[i]!, scored[j]!)).map((i) => scored[i]!);
}

/**
 * The indices of the `limit` first of `n` items in the order `cmp` (negative: item i first; ties
 * keep the earlier item), kept in a small sorted array: a common attribute word can match
 * thousands of keys, mostly tied, and sorting them all costs more than the rest of the match.
 */
function firstIndices(n: number, limit: number, cmp: (i: number, j: number) => number): number[] {
  if (limit > 16) return Array.from({ length: n }, (_, i) => i).sort(cmp).slice(0, limit);
  const head: number[] = [];
  if (limit <= 0) return head;
  for (let t = 0; t < n; t++) {
    if (head.length === limit && cmp(t, head[limit - 1]!) >= 0) continue;
    let i = Math.min(head.length, limit - 1);
    while (i > 0 && cmp(t, head[i - 1]!) < 0) {
      head[i] = head[i - 1]!;
      i--;
    }
    head[i] = t;
  }
  return head;
}

/** The stems matchTopicKeys looks for: a key containing none of them never matches. */
export function keyStems(terms: string[]): string[] {
  return [...new Set(terms.map(stem))];
}

interface Scored {
  key: string;
  score: number;
}

const score = (hits: number, parsed: ParsedKey, stems: Set<string>): number => hits / parsed.attributeRoot + (stems.has(parsed.subject) ? 0.5 : 0);

/**
 * best(), over the keys of the index holding a query stem: hits counted in a reused counter array,
 * ties ordered by the keys' precomputed order, and only the kept ones read out.
 */
function bestIndexed(index: KeyIndex, stems: Set<string>, limit: number): string[] {
  const hits = index.hits;
  const touched: ParsedKey[] = [];
  for (const s of stems) {
    for (const parsed of index.byStem.get(s) ?? []) {
      if (hits[parsed.slot]++ === 0) touched.push(parsed);
    }
  }
  const scores = touched.map((parsed) => {
    const sc = score(hits[parsed.slot]!, parsed, stems);
    hits[parsed.slot] = 0;
    return sc;
  });
  return firstIndices(touched.length, limit, (i, j) => scores[j]! - scores[i]! || touched[i]!.rank - touched[j]!.rank).map((i) => touched[i]!.key);
}

/** Builds the index of a key list now (a warm-up), so that no match on it pays for that. */
export function indexTopicKeys(keys: string[]): void {
  keyIndex(keys);
}

/** Key lists matched once without an index; the next match on the same list builds it. */
const scanned = new WeakSet<string[]>();

/**
 * The first match on a key list, the only one a one-shot command makes: one pass that parses only
 * the keys containing a query stem (a stem is a prefix of a lowercase key word, so any other key
 * has no hit), instead of indexing every key. Same scores as the index.
 */
function scoreScanned(keys: string[], stems: Set<string>): Scored[] {
  scanned.add(keys);
  const out: Scored[] = [];
  for (const key of keys) {
    let present = false;
    for (const s of stems) if ((present = key.includes(s))) break;
    if (!present) continue;
    const found = parseKey(key, 0);
    if (!found) continue;
    let hits = 0;
    for (const a of found.attribute) if (stems.has(a)) hits++;
    if (hits > 0) out.push({ key, score: score(hits, found.parsed, stems) });
  }
  return out;
}

function parseKey(key: string, slot: number): { parsed: ParsedKey; attribute: string[] } | null {
  const [subject, ...rest] = key.split('.');
  const attribute = [...new Set(rest.join('_').split('_').filter((p) => p.length > 1).map(stem))];
  if (attribute.length === 0) return null;
  return { parsed: { key, subject: stem(subject), attributeRoot: Math.sqrt(attribute.length), slot, rank: 0 }, attribute };
}

interface ParsedKey {
  key: string;
  subject: string;
  /** √(number of distinct attribute stems): the score's length normalization. */
  attributeRoot: number;
  /** Position in the index's `hits` counters. */
  slot: number;
  /** Position in compareKeys order (keys comparing equal share one). */
  rank: number;
}

interface KeyIndex {
  size: number;
  byStem: Map<string, ParsedKey[]>;
  /** All zero between calls. */
  hits: Uint32Array;
}

const indexes = new WeakMap<string[], KeyIndex>();

/** Attribute stem → keys, built once per key list (and rebuilt when the list grows). */
function keyIndex(keys: string[]): KeyIndex {
  const cached = indexes.get(keys);
  if (cached && cached.size === keys.length) return cached;
  const byStem = new Map<string, ParsedKey[]>();
  const all: ParsedKey[] = [];
  for (const key of keys) {
    const found = parseKey(key, all.length);
    if (!found) continue;
    const { attribute, parsed } = found;
    all.push(parsed);
    for (const a of attribute) {
      const list = byStem.get(a);
      if (list) list.push(parsed);
      else byStem.set(a, [parsed]);
    }
  }
  const sorted = [...all].sort((a, b) => compareKeys(a.key, b.key));
  sorted.forEach((p, i) => (p.rank = i > 0 && compareKeys(sorted[i - 1]!.key, p.key) === 0 ? sorted[i - 1]!.rank : i));
  const index = { size: keys.length, byStem, hits: new Uint32Array(all.length) };
  indexes.set(keys, index);
  return index;
}

/** A deliberately crude stem so "colors"/"color" and "deployment"/"deploy" meet. */
function stem(word: string): string {
  return word
    .toLowerCase()
    .replace(/(ments?|ings?|ed|es|s)$/, '')
    .slice(0, 6);
}

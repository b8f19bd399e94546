/**
 * Ranks existing topic keys by how many query keywords their attribute segments share
 * (prefix-tolerant). The subject segment alone never matches: "what does Ann like?" must not
 * pull every `ann.*` key; it only breaks ties.
 */
export function matchTopicKeys(terms: string[], keys: string[], limit: number): string[] {
  if (terms.length === 0 || keys.length === 0) return [];
  const index = keyIndex(keys);
  const stems = new Set(terms.map(stem));
  // Hits per key in a reused counter array (a common attribute word can match thousands of keys).
  const hits = index.hits;
  const touched: ParsedKey[] = [];
  for (const s of stems) {
    for (const parsed of index.byStem.get(s) ?? []) {
      if (hits[parsed.slot]++ === 0) touched.push(parsed);
    }
  }
  const scored = touched.map((parsed) => {
    const score = hits[parsed.slot]! / parsed.attributeRoot + (stems.has(parsed.subject) ? 0.5 : 0);
    hits[parsed.slot] = 0;
    return { key: parsed.key, score };
  });
  // Only keys scoring at least the limit-th best can be returned: sort just those (a common
  // attribute word can match thousands of keys, and localeCompare is slow).
  const cut = scored.length > limit ? Float64Array.from(scored, (s) => s.score).sort()[scored.length - limit] : -Infinity;
  const head = scored.filter((s) => s.score >= cut);
  head.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  return head.slice(0, limit).map((s) => s.key);
}

interface ParsedKey {
  key: string;
  subject: string;
  /** √(number of distinct attribute stems): the score's length normalization. */
  attributeRoot: number;
  /** Position in the index's `hits` counters. */
  slot: number;
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
  let slots = 0;
  for (const key of keys) {
    const [subject, ...rest] = key.split('.');
    const attribute = [...new Set(rest.join('_').split('_').filter((p) => p.length > 1).map(stem))];
    if (attribute.length === 0) continue;
    const parsed: ParsedKey = { key, subject: stem(subject), attributeRoot: Math.sqrt(attribute.length), slot: slots++ };
    for (const a of attribute) {
      const list = byStem.get(a);
      if (list) list.push(parsed);
      else byStem.set(a, [parsed]);
    }
  }
  const index = { size: keys.length, byStem, hits: new Uint32Array(slots) };
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

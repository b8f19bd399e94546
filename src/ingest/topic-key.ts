import { isStopword } from '../text/stopwords.js';
import { words } from '../text/tokenize.js';

/**
 * Topic keys make supersession work: restating the same attribute of the same subject must give
 * the same key, and two different facts must never share one. So a key is derived only from a
 * recognizable "subject + attribute" shape; anything vaguer gets no key at all.
 */

/** Well-known tools whose mention names the attribute they fill ("I use pnpm" → package_manager). */
const CATEGORY: Record<string, string> = {
  npm: 'package_manager', pnpm: 'package_manager', yarn: 'package_manager', bun: 'package_manager',
  postgres: 'database', postgresql: 'database', mysql: 'database', mariadb: 'database', sqlite: 'database',
  mongodb: 'database', mongo: 'database', dynamodb: 'database', cockroachdb: 'database',
  vim: 'editor', neovim: 'editor', emacs: 'editor', vscode: 'editor', intellij: 'editor', cursor: 'editor',
  jest: 'test_framework', vitest: 'test_framework', mocha: 'test_framework', pytest: 'test_framework',
  tabs: 'indentation', spaces: 'indentation',
  heroku: 'hosting', vercel: 'hosting', netlify: 'hosting', render: 'hosting', fly: 'hosting',
};

const VAGUE = new Set([
  'thing', 'things', 'stuff', 'one', 'life', 'day', 'time', 'way', 'lot', 'bit', 'point', 'idea', 'guess', 'question',
  'problem', 'issue', 'goal', 'plan', 'dream', 'heart', 'mind', 'experience', 'journey', 'help', 'pleasure', 'fault',
]);

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
}

export function topicKeyFor(subject: string, attribute: string): string {
  const attr = attribute.split('.').map(slug).filter(Boolean).join('.');
  return `${slug(subject) || 'user'}.${attr}`;
}

function content(text: string, max: number): string[] {
  return words(text).filter((w) => !isStopword(w) && !/^\d/.test(w)).slice(0, max);
}

function subjectFor(pronoun: string, speaker: string): string {
  const generic = speaker === 'User' || speaker === 'Assistant';
  return /^(?:we|our)$/i.test(pronoun) && generic ? 'project' : speaker;
}

export function categoryOf(text: string): string | null {
  for (const w of words(text)) if (CATEGORY[w]) return CATEGORY[w]!;
  return null;
}

function attributeKey(subject: string, phrase: string, prefix = ''): string | null {
  const attr = content(phrase, 3);
  if (attr.length === 0 || attr.every((w) => VAGUE.has(w))) return null;
  return topicKeyFor(subject, `${prefix}${attr.join('_')}`);
}

const POSSESSIVE = /\b(my|our)\s+((?:[\w-]+\s+){0,2}?[\w-]+?(?:'s\s+name)?)\s+(?:is|are|has been)\s+([^,;.!?]*)/i;
// "my kids are so sweet" describes, it does not set an attribute: no key for evaluative predicates.
const EVALUATIVE = /^(?:so|very|really|such|pretty|quite|too|always|not|also|just|still|a bit|kind of|getting|going|in|at|on|out|doing|like|the best|amazing|great|awesome|good|bad|important|[\w-]+ing\b(?=\s+\w))\b/i;
const FAVORITE_OF = /\bis\s+(my|our)\s+(?:new\s+)?(favou?rite\s+[\w-]+(?:\s+[\w-]+)?)/i;
const USE_FOR = /\b(I|we)(?:'ve|'m| am| have)?\s+(?:use|using|used|chose|chosen|picked|prefer|switched to)\s+[\w .-]+?\s+(?:for|as)\s+(?:the|our|my)\s+([\w -]+)/i;
const SWITCH = /\b(I|we)(?:'ve| have)?\s+(?:switched|moved|migrated|changed|upgraded)\s+(?:the|our|my)\s+([\w -]+?)\s+(?:to|from)\b/i;
const USES = /\b(I|we)(?:'m| am|'re| are)?\s+(?:use|using|prefer|switched to|moved to|went with|chose)\b(.*)/i;
const PREFER = /\b(I|we)\s+(?:really\s+|generally\s+|usually\s+)?prefer\s+(?:to\s+)?(.*)/i;
const RULE = /\b(?:always|never|don't|do not|make sure to|please|from now on,?)\s+(?:to\s+)?(\w+)\s+(.*)/i;

/** Topic key of a first-person sentence said by `speaker`, or null when the attribute is vague. */
export function deriveTopicKey(sentence: string, speaker: string, type: 'fact' | 'instruction' = 'fact'): string | null {
  const s = sentence.replace(/’/g, "'");
  if (type === 'instruction') {
    const cat = categoryOf(s);
    if (cat) return topicKeyFor(subjectFor('I', speaker), cat);
    const m = RULE.exec(s);
    if (!m) return null;
    const object = content(m[2]!, 1);
    return object.length ? topicKeyFor(subjectFor('I', speaker), `rule.${slug(m[1]!)}_${object[0]}`) : null;
  }
  let m = FAVORITE_OF.exec(s);
  if (m) return attributeKey(subjectFor(m[1]!, speaker), m[2]!);
  m = POSSESSIVE.exec(s);
  if (m && !EVALUATIVE.test(m[3]!.trim()) && m[3]!.trim().split(/\s+/).length <= 6) {
    return attributeKey(subjectFor(m[1]!, speaker), m[2]!);
  }
  m = USE_FOR.exec(s) ?? SWITCH.exec(s);
  if (m) {
    const attribute = m[2]!.split(/\s+(?:in|on|at|for|with|from|to|because|since|and|but)\s+/)[0]!;
    return attributeKey(subjectFor(m[1]!, speaker), categoryOf(attribute) ?? categoryOf(m[0]) ?? attribute);
  }
  m = USES.exec(s);
  if (m) {
    const cat = categoryOf(m[2]!);
    if (cat) return topicKeyFor(subjectFor(m[1]!, speaker), cat);
  }
  m = PREFER.exec(s);
  if (m) {
    const head = preferredObject(m[2]!);
    if (head && !VAGUE.has(head)) return topicKeyFor(subjectFor(m[1]!, speaker), `preferred_${head}`);
  }
  return null;
}

// Where the preferred thing ends: a comparison, a reason, a purpose, a preposition or a new clause.
const PREFER_STOP = /\s+(?:over|instead of|rather than|for|when|because|since|as|so|but|and|to|like|due|which|while|in|on|at|with|by|from|of|between|before|after|during|that|who|which|where)\b|[;:.!?()]/i;
// Light verbs say nothing about what is preferred: "prefer using X" is "prefer X".
const LIGHT_GERUND = /^(?:using|having|getting|working with|going with|sticking with|keeping)\s+/i;

/**
 * The head of what is preferred: "simple, minimal dependencies" → dependencies, "detailed proofs
 * with diagrams" → proofs; an activity keys on the activity ("editing in short bursts" → editing).
 * Adverbs ("early", "fully") are never heads.
 */
function preferredObject(phrase: string): string | null {
  const rest = phrase.replace(LIGHT_GERUND, '');
  const gerund = rest === phrase ? /^(\w{3,}ing)\s*(.*)$/i.exec(rest) : null;
  if (gerund) {
    const object = nounHead(gerund[2]!);
    return object ? `${gerund[1]!.toLowerCase()}_${object}` : gerund[1]!.toLowerCase();
  }
  return nounHead(rest);
}

/** Last content word of the noun phrase `text` starts with, or null. */
function nounHead(text: string): string | null {
  // Single words before commas are stacked adjectives ("clear, measurable goals"); else a comma ends it.
  const parts = ` ${text}`.split(PREFER_STOP)[0]!.trim().split(/\s*,\s*/);
  let last = 0;
  while (last < parts.length - 1 && !/\s/.test(parts[last]!.trim())) last++;
  const np = content(parts.slice(0, last + 1).join(' '), 6).filter((w) => !/ly$/.test(w));
  return np.at(-1) ?? null;
}

function loose(key: string): string {
  return key.split('.').map((part) => part.replace(/(?:es|s)$/, '')).join('.');
}

type KeyIndex = { exact: Set<string>; byLoose: Map<string, string> };

/**
 * Each key list's keys, and the first key of each loose form: built once per list, not per lookup.
 * An extract job reads the list afresh each time, mostly equal to the last one: that one's index is
 * reused (comparing the lists costs a fraction of building it).
 */
const indexes = new WeakMap<readonly string[], KeyIndex>();
let last: { keys: readonly string[]; index: KeyIndex } | null = null;

function indexOf(existing: readonly string[]): KeyIndex {
  let index = indexes.get(existing);
  if (index) return index;
  if (last && sameList(last.keys, existing)) index = last.index;
  else {
    const byLoose = new Map<string, string>();
    for (const k of existing) {
      const l = loose(k);
      if (!byLoose.has(l)) byLoose.set(l, k);
    }
    index = { exact: new Set(existing), byLoose };
    // A copy: the keys the index was built from, whatever happens to the caller's array.
    last = { keys: [...existing], index };
  }
  indexes.set(existing, index);
  return index;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** An existing key equal to `key` up to plural endings (the first such in `existing`), else `key` itself. */
export function reuseTopicKey(key: string, existing: readonly string[]): string {
  if (existing.length < 8) {
    if (existing.includes(key)) return key;
    const target = loose(key);
    return existing.find((k) => loose(k) === target) ?? key;
  }
  const index = indexOf(existing);
  if (index.exact.has(key)) return key;
  return index.byLoose.get(loose(key)) ?? key;
}

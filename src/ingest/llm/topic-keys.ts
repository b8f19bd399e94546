import { keywords } from '../../text/tokenize.js';
import { reuseTopicKey } from '../topic-key.js';

const KEY = /^[a-z0-9_]+(\.[a-z0-9_]+)*$/;

/** A model-written key in the store's format (`subject.attribute`), reusing an existing one when equal. */
export function normalizeTopicKey(raw: string | null, existing: readonly string[]): string | null {
  if (!raw) return null;
  const key = raw
    .toLowerCase()
    .split('.')
    .map((part) => part.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, ''))
    .filter(Boolean)
    .join('.')
    .slice(0, 200);
  if (!KEY.test(key)) return null;
  return reuseTopicKey(key, existing);
}

/** The existing keys that share a word with the text, so a long key list does not flood every prompt. */
export function relevantTopicKeys(existing: readonly string[], text: string, max = 150): string[] {
  if (existing.length <= max) return [...existing];
  const words = new Set(keywords(text));
  const scored = existing
    .map((key) => ({ key, hits: key.split(/[._]/).filter((w) => words.has(w)).length }))
    .filter((k) => k.hits > 0)
    .sort((a, b) => b.hits - a.hits);
  return scored.slice(0, max).map((k) => k.key);
}

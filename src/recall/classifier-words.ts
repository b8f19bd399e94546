/**
 * "What kind of art does Caroline make?" asks for a member of a class: "kind" (type, sort) is the
 * question's frame, not its topic, and searched as a word it finds every "your kind words".
 */
const CLASSIFIER = /\b(kinds?|types?|sorts?)\s+of\b/gi;

/** `terms` without the classifier nouns the query uses as "… of" (all of them when nothing else is left). */
export function withoutClassifiers(terms: string[], query: string): string[] {
  const frame = new Set([...query.matchAll(CLASSIFIER)].map((m) => m[1]!.toLowerCase()));
  if (frame.size === 0) return terms;
  const kept = terms.filter((t) => !frame.has(t));
  return kept.length > 0 ? kept : terms;
}

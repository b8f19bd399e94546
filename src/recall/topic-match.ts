/**
 * Ranks existing topic keys by how many query keywords their attribute segments share
 * (prefix-tolerant). The subject segment alone never matches: "what does Ann like?" must not
 * pull every `ann.*` key; it only breaks ties.
 */
export function matchTopicKeys(terms: string[], keys: string[], limit: number): string[] {
  if (terms.length === 0 || keys.length === 0) return [];
  const stems = new Set(terms.map(stem));
  const scored: { key: string; score: number }[] = [];
  for (const key of keys) {
    const [subject, ...rest] = key.split('.');
    const attribute = rest.join('_').split('_').filter((p) => p.length > 1).map(stem);
    if (attribute.length === 0) continue;
    const hits = attribute.filter((a) => stems.has(a)).length;
    if (hits === 0) continue;
    const subjectBonus = stems.has(stem(subject)) ? 0.5 : 0;
    scored.push({ key, score: hits / Math.sqrt(attribute.length) + subjectBonus });
  }
  scored.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  return scored.slice(0, limit).map((s) => s.key);
}

/** A deliberately crude stem so "colors"/"color" and "deployment"/"deploy" meet. */
function stem(word: string): string {
  return word
    .toLowerCase()
    .replace(/(ments?|ings?|ed|es|s)$/, '')
    .slice(0, 6);
}

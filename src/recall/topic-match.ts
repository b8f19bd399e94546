/** Ranks existing topic keys by how many query keywords their segments share (prefix-tolerant). */
export function matchTopicKeys(terms: string[], keys: string[], limit: number): string[] {
  if (terms.length === 0 || keys.length === 0) return [];
  const stems = terms.map(stem);
  const scored: { key: string; score: number }[] = [];
  for (const key of keys) {
    const parts = key.split(/[._]/).filter((p) => p.length > 1).map(stem);
    let hits = 0;
    for (const s of stems) if (parts.includes(s)) hits++;
    if (hits > 0) scored.push({ key, score: hits / Math.sqrt(parts.length) });
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

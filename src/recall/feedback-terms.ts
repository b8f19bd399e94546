import { keywords } from '../text/tokenize.js';

/** How common a word is in general text, 0 (the most common) to 1 (rare or unknown). */
export type Rarity = (word: string) => number;

/**
 * Expansion terms from feedback texts (the first pass's best turns, or every turn that shares
 * a query word): words found in at least `minDocs` of them, scored by how many and by general
 * rarity, so chat filler ("really", "great") loses to what the turns are about. Words sharing
 * a 5-letter prefix with a query term are its forms, not expansions.
 */
export function feedbackTerms(texts: readonly string[], queryTerms: readonly string[], max: number, rarity?: Rarity, minDocs = 2): string[] {
  const prefixes = new Set(queryTerms.map((t) => t.toLowerCase().slice(0, 5)));
  const docs = new Map<string, number>();
  for (const text of texts) {
    for (const w of keywords(text)) {
      if (w.length < 3 || /^\d+$/.test(w) || prefixes.has(w.slice(0, 5))) continue;
      docs.set(w, (docs.get(w) ?? 0) + 1);
    }
  }
  return [...docs]
    .filter(([, n]) => n >= Math.min(minDocs, texts.length))
    .map(([w, n]) => ({ w, score: n * (rarity ? rarity(w) : 1) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.w.localeCompare(b.w))
    .slice(0, max)
    .map((s) => s.w);
}

interface RankSource {
  frequencyRank(word: string): number | undefined;
  vocabularySize: number;
}

/** Rarity from an embedder's frequency-ordered vocabulary (GloVe); undefined for others. */
export function rarityOf(embedder: unknown): Rarity | undefined {
  const source = embedder as Partial<RankSource> | null;
  if (!source || typeof source.frequencyRank !== 'function' || !source.vocabularySize) return undefined;
  const top = Math.log(source.vocabularySize + 2);
  return (word) => {
    const rank = source.frequencyRank!(word);
    return rank === undefined ? 1 : Math.log(rank + 2) / top;
  };
}

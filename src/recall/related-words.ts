import type { Embedder } from '../models/embedder.js';

interface NeighbourSource {
  nearestWords(word: string, k: number): { word: string; similarity: number }[];
}

const MIN_SIMILARITY = 0.7;
const cache = new WeakMap<object, Map<string, string[]>>();

/** Word-vector neighbours of a keyword from embedders that have them (GloVe), memoized. */
export function relatedWordsOf(embedder: Embedder | null): ((word: string, k: number) => string[]) | undefined {
  const source = embedder as unknown as Partial<NeighbourSource> | null;
  if (!source || typeof source.nearestWords !== 'function') return undefined;
  let memo = cache.get(source);
  if (!memo) cache.set(source, (memo = new Map()));
  const words = memo;
  return (word, k) => {
    const key = `${k}\0${word}`;
    let hit = words.get(key);
    if (!hit) {
      hit = source.nearestWords!(word, k).filter((n) => n.similarity >= MIN_SIMILARITY).map((n) => n.word);
      if (words.size > 50_000) words.clear();
      words.set(key, hit);
    }
    return hit;
  };
}

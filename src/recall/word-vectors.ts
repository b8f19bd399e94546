import type { Embedder } from '../models/embedder.js';

/** Embedders whose single-word vectors are local and cheap (static word vectors); others are skipped. */
interface LocalWords {
  hasWord(word: string): boolean;
}

const memo = new WeakMap<object, Map<string, Float32Array | null>>();

/**
 * One word's vector from a static word-vector embedder, memoized per embedder (null: unknown
 * word). Returns undefined for embedders without local word vectors: a remote model is never
 * called per word.
 */
export function localWordVectors(embedder: Embedder | null): ((word: string) => Promise<Float32Array | null>) | undefined {
  if (!embedder || typeof (embedder as unknown as Partial<LocalWords>).hasWord !== 'function') return undefined;
  const local = embedder as unknown as LocalWords;
  let cache = memo.get(embedder);
  if (!cache) memo.set(embedder, (cache = new Map()));
  const vectors = cache;
  return async (w: string) => {
    const known = vectors.get(w);
    if (known !== undefined) return known;
    const v = local.hasWord(w) ? (await embedder.embed([w]))[0]! : null;
    if (vectors.size > 100_000) vectors.clear();
    vectors.set(w, v);
    return v;
  };
}

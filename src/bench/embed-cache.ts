/** Memoizes embeddings so the vector and hybrid baselines embed each turn once per run. */
import type { Embedder } from '../models/embedder.js';

export function cachingEmbedder(inner: Embedder, maxEntries = 50_000): Embedder {
  const cache = new Map<string, Float32Array>();
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    async embed(texts) {
      const missing = [...new Set(texts.filter((t) => !cache.has(t)))];
      if (missing.length > 0) {
        const vectors = await inner.embed(missing);
        if (cache.size + missing.length > maxEntries) cache.clear();
        missing.forEach((t, i) => cache.set(t, vectors[i]));
      }
      return texts.map((t) => cache.get(t)!);
    },
  };
}

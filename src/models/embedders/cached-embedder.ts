import type { Embedder } from '../embedder.js';
import { sha256Hex } from '../../ids.js';

/** The embedding cache a Store offers (getCachedEmbeddings / putCachedEmbeddings). */
export interface EmbeddingCache {
  get(embedderId: string, textHashes: string[]): Promise<Map<string, Float32Array>>;
  put(embedderId: string, rows: { textHash: string; vector: Float32Array }[]): Promise<void>;
}

/** Adapts a Store to EmbeddingCache without the embedder depending on the Store type. */
export function storeEmbeddingCache(store: {
  getCachedEmbeddings: EmbeddingCache['get'];
  putCachedEmbeddings: EmbeddingCache['put'];
}): EmbeddingCache {
  return {
    get: (id, hashes) => store.getCachedEmbeddings(id, hashes),
    put: (id, rows) => store.putCachedEmbeddings(id, rows),
  };
}

/** Embeds only texts whose sha256 is not cached under this embedder id; duplicates embed once. */
export function createCachedEmbedder(inner: Embedder, cache: EmbeddingCache): Embedder {
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    async embed(texts: string[]): Promise<Float32Array[]> {
      if (texts.length === 0) return [];
      const hashes = texts.map((text) => sha256Hex(text));
      const found = await cache.get(inner.id, [...new Set(hashes)]);
      const missing = new Map<string, string>();
      hashes.forEach((hash, i) => {
        if (!found.has(hash) && !missing.has(hash)) missing.set(hash, texts[i]);
      });
      if (missing.size > 0) {
        const vectors = await inner.embed([...missing.values()]);
        const rows = [...missing.keys()].map((textHash, i) => ({ textHash, vector: vectors[i] }));
        for (const row of rows) found.set(row.textHash, row.vector);
        await cache.put(inner.id, rows);
      }
      return hashes.map((hash) => found.get(hash) as Float32Array);
    },
  };
}

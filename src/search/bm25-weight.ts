export const K1 = 1.2;
export const B = 0.75;

/** A term's BM25 weight in a document (FTS5's bm25() with default weights: k1 1.2, b 0.75). */
export function bm25Weight(idf: number, count: number, length: number, avgdl: number): number {
  return (idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * length) / avgdl));
}

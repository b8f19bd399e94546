/**
 * Baseline (c): OpenClaw-style hybrid, 0.7 × cosine + 0.3 × BM25 normalized to 0..1 per query
 * (divided by the query's best BM25 score). Every turn is scored exactly; a turn without a text
 * match gets 0 from the text side.
 */
import type { Embedder } from '../../models/embedder.js';
import type { BenchSystem } from '../system.js';
import { Fts5Index } from './fts5-index.js';
import { topK, VectorIndex } from './vector-index.js';

export const HYBRID_VECTOR_WEIGHT = 0.7;
export const HYBRID_TEXT_WEIGHT = 0.3;

export function hybridBaseline(embedder: Embedder): BenchSystem {
  return {
    name: 'hybrid 0.7v+0.3t',
    answersAbstention: false,
    async prepare(conversation) {
      const { messages } = conversation;
      const vectors = await VectorIndex.build(embedder, messages);
      const text = new Fts5Index(messages);
      const position = new Map(messages.map((m, i) => [m.metadata.evidenceId, i]));
      return {
        async query(q, limit) {
          const [vector] = await embedder.embed([q.question]);
          const scores = vectors.scores(vector).map((s) => HYBRID_VECTOR_WEIGHT * Math.max(0, s));
          const hits = text.search(q.question, messages.length);
          const best = hits[0]?.score ?? 0;
          if (best > 0) {
            for (const hit of hits) scores[position.get(hit.evidenceId)!] += HYBRID_TEXT_WEIGHT * (hit.score / best);
          }
          return { ranked: topK(scores, limit).map((h) => messages[h.index].metadata.evidenceId) };
        },
        close: async () => text.close(),
      };
    },
  };
}

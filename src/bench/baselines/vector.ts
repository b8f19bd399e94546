/** Baseline (b): vector search alone over raw turns with the given embedder. */
import type { Embedder } from '../../models/embedder.js';
import type { BenchSystem } from '../system.js';
import { VectorIndex } from './vector-index.js';

export function vectorBaseline(embedder: Embedder): BenchSystem {
  return {
    name: 'vector',
    answersAbstention: false,
    async prepare(conversation) {
      const index = await VectorIndex.build(embedder, conversation.messages);
      return {
        async query(q, limit) {
          const [vector] = await embedder.embed([q.question]);
          return { ranked: index.search(vector, limit).map((h) => conversation.messages[h.index].metadata.evidenceId) };
        },
        close: async () => {},
      };
    },
  };
}

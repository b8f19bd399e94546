/** Baseline (a): BM25 over raw turns, the protocol's plain reference. */
import type { BenchSystem } from '../system.js';
import { Fts5Index } from './fts5-index.js';

export function bm25Baseline(): BenchSystem {
  return {
    name: 'BM25',
    answersAbstention: false,
    async prepare(conversation) {
      const index = new Fts5Index(conversation.messages);
      return {
        query: async (q, limit) => ({ ranked: index.search(q.question, limit).map((h) => h.evidenceId) }),
        close: async () => index.close(),
      };
    },
  };
}

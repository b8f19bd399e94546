/** Baseline (d): Orama's own BM25 full-text search over raw turns, queried with the same terms. */
import { create, insertMultiple, search } from '@orama/orama';
import type { BenchSystem } from '../system.js';
import { queryTerms } from './fts-query.js';

export function oramaBaseline(): BenchSystem {
  return {
    name: 'Orama',
    answersAbstention: false,
    async prepare(conversation) {
      const db = create({ schema: { content: 'string', evidenceId: 'string' } as const });
      await insertMultiple(
        db,
        conversation.messages.map((m) => ({ content: m.content, evidenceId: m.metadata.evidenceId })),
      );
      return {
        async query(q, limit) {
          const term = queryTerms(q.question).join(' ');
          if (!term) return { ranked: [] };
          const result = await search(db, { term, properties: ['content'], limit });
          return { ranked: result.hits.map((h) => h.document.evidenceId) };
        },
        close: async () => {},
      };
    },
  };
}

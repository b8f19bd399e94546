/**
 * `mnemo/langchain`: a LangChain.js retriever over mnemo recall, for RAG chains and
 * `createRetrieverTool`. Needs `@langchain/core` (an optional peer dependency).
 */
import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import type { MemoryBackend, MemoryScope } from './memory-backend.js';

export interface MnemoRetrieverInput extends BaseRetrieverInput, MemoryScope {
  profile: MemoryBackend;
  /** Documents per query (default 6). */
  k?: number;
  types?: ('fact' | 'instruction' | 'event' | 'task')[];
  /** A metadata filter (see the README, "Filters"). */
  filter?: Record<string, unknown>;
}

/** Each recalled memory becomes a Document: `pageContent` the content; id, type, times, score and metadata in `metadata`. */
export class MnemoRetriever extends BaseRetriever {
  static override lc_name(): string {
    return 'MnemoRetriever';
  }

  lc_namespace = ['mnemo', 'retrievers'];
  private readonly input: MnemoRetrieverInput;

  constructor(input: MnemoRetrieverInput) {
    super(input);
    this.input = input;
  }

  override async _getRelevantDocuments(query: string): Promise<Document[]> {
    const { profile, k, types, filter, userId, agentId, runId } = this.input;
    const r = await profile.recall(query, { limit: k ?? 6, types, filter, userId, agentId, runId, synthesize: false });
    return r.memories.map((m) => new Document({
      pageContent: m.content,
      id: m.id,
      metadata: { ...m.metadata, id: m.id, type: m.type, topicKey: m.topicKey, eventTime: m.eventTime, createdAt: m.createdAt, score: m.score },
    }));
  }
}

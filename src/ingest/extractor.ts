import type { NewMemory, StoredMessage } from '../types.js';

/** Turns raw messages into typed memories. The rule pipeline and the LLM pipeline implement it. */
export interface Extractor {
  readonly id: string;
  extract(input: ExtractionInput): Promise<ExtractionOutput>;
}

export interface ExtractionInput {
  /** The batch to extract from, in conversation order (same session or several). */
  messages: StoredMessage[];
  /** Active topic keys of the profile, so a restated fact reuses its key and supersedes. */
  existingTopicKeys: string[];
}

export interface ExtractionOutput {
  /** Memories with ids, provenance (sourceMessageIds) and queries filled in. */
  memories: NewMemory[];
  /** Model usage, when a model was involved. */
  usage?: { calls: number; inputTokens: number; outputTokens: number };
}

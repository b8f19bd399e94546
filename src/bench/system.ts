/** What the runner drives: mnemo and every baseline implement this. */
import type { BenchConversation, BenchQuestion } from './types.js';

export interface SystemAnswer {
  /** Evidence ids in rank order (duplicates allowed; the metrics de-duplicate). */
  ranked: string[];
  /** A natural-language answer, when the system produces one. */
  answer?: string | null;
  /** Whether the system said it does not know; undefined when it cannot abstain. */
  abstained?: boolean;
}

/** One conversation loaded into a system: ask questions, then close. */
export interface PreparedConversation {
  query(question: BenchQuestion, limit: number): Promise<SystemAnswer>;
  close(): Promise<void>;
  /** A digest of the state questions read besides the content (mnemo: tiers and access counts), for rows sharing it. */
  state?(): Promise<string>;
}

export interface BenchSystem {
  readonly name: string;
  /** Whether to ask it the abstention probes (only systems that can answer "I don't know"). */
  readonly answersAbstention: boolean;
  /** Indexes (ingests) the conversation; the runner times this as ingest time. */
  prepare(conversation: BenchConversation): Promise<PreparedConversation>;
}

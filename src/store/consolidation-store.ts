import type { Memory, NewMemory } from '../types.js';
import type { NewJob } from './store.js';

/** The memory a consolidation group currently stands for, and the members it was built from. */
export interface ConsolidationGroupRow {
  key: string;
  memoryId: string;
  members: string[];
}

/**
 * One group's outcome, applied in one transaction: members still active (else nothing happens:
 * the group is stale and the next run plans it again), `supersede` marked superseded by the new
 * memory, the memory written, the group row pointed at it, the follow-up jobs enqueued (per group, or once per batch).
 */
export interface ConsolidationCommit {
  groupKey: string;
  /** Must carry `derivedFrom` (the members). */
  memory: NewMemory;
  /** Memories that must still be active for the commit to apply (the members). */
  requireActive: string[];
  supersede: string[];
  enqueue?: NewJob[];
}

export type ConsolidationCommitResult =
  | { outcome: 'written'; memoryId: string; superseded: string[] }
  | { outcome: 'unchanged'; memoryId: string }
  | { outcome: 'stale'; inactive: string[] };

/** A scratch item of a session's working memory. */
export interface WorkingItem {
  id: string;
  sessionId: string;
  content: string;
  type: Memory['type'];
  /** Promoted to a long-term memory when the session ends (else dropped). */
  keep: boolean;
  createdAt: string;
}

export type NewWorkingItem = Omit<WorkingItem, 'createdAt'>;

/** Persistence for consolidation and working memory; both stores implement it. */
export interface ConsolidationStore {
  consolidationGroups(keys: string[]): Promise<ConsolidationGroupRow[]>;
  /** Commits groups in order, several per transaction: each group is all or nothing, never half applied. */
  commitConsolidation(commits: ConsolidationCommit[], opts?: { enqueue?: NewJob[] }): Promise<ConsolidationCommitResult[]>;
  /** Insert-or-replace by id. */
  putWorkingItems(items: NewWorkingItem[]): Promise<WorkingItem[]>;
  listWorkingItems(sessionId: string): Promise<WorkingItem[]>;
  deleteWorkingItems(sessionId: string, ids?: string[]): Promise<number>;
  /** Writes `promote` (as `writeMemories` does) and deletes every item of the session, in one transaction. */
  endWorkingSession(sessionId: string, promote: NewMemory[], opts?: { enqueue?: NewJob[] }): Promise<{ promoted: Memory[]; dropped: number }>;
}

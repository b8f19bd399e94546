import type { Memory, NewMemory } from '../types.js';
import type { NewJob } from './store.js';

/** The memory a consolidation group currently stands for, and the members it was built from. */
export interface ConsolidationGroupRow {
  key: string;
  memoryId: string;
  members: string[];
}

/**
 * One group's outcome, applied all or nothing: members still active (else nothing happens:
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

export interface WorkingSessionEnd {
  promoted: Memory[];
  /** Ids of the consumed items deleted (those unchanged since they were read). */
  removed: string[];
}

/** Persistence for consolidation and working memory; both stores implement it. */
export interface ConsolidationStore {
  consolidationGroups(keys: string[]): Promise<ConsolidationGroupRow[]>;
  /**
   * Commits the groups in order, all in one transaction (callers batch them). A stale group writes
   * nothing and the others still apply; an error or a crash rolls the whole call back, so a group
   * is never half applied and the next run plans the lost ones again.
   */
  commitConsolidation(commits: ConsolidationCommit[], opts?: { enqueue?: NewJob[] }): Promise<ConsolidationCommitResult[]>;
  /** Insert-or-replace by (session, id): the same item id in two sessions is two items. */
  putWorkingItems(items: NewWorkingItem[]): Promise<WorkingItem[]>;
  listWorkingItems(sessionId: string): Promise<WorkingItem[]>;
  deleteWorkingItems(sessionId: string, ids?: string[]): Promise<number>;
  /**
   * Writes `promote` (as `writeMemories` does) and deletes the `consumed` items, in one transaction.
   * An item is deleted only if it is unchanged since it was read: one added or edited meanwhile stays.
   */
  endWorkingSession(sessionId: string, consumed: WorkingItem[], promote: NewMemory[], opts?: { enqueue?: NewJob[] }): Promise<WorkingSessionEnd>;
}

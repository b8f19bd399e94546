import type { ArchiveMatch } from '../lifecycle/archive.js';
import type { MemoryTier } from '../types.js';
import type { NewJob } from './store.js';

/** A batch of reads of one memory, as the access recorder hands it to the store. */
export interface AccessEntry {
  memoryId: string;
  hits: number;
  /** ISO time of the latest of these reads. */
  at: string;
  /** Recall returned this cold memory: the fold moves it back to hot. */
  rehydrate: boolean;
}

/** One archive index entry: a topic key, an entity or a session, and its cold members. */
export interface ArchiveEntry {
  kind: 'topic' | 'entity' | 'session';
  key: string;
  /** Words that lead a query here (the key's words and the members' most frequent words). */
  terms: string[];
  memberIds: string[];
}

/**
 * The tiers as one recall reads them, from the database rather than from a whole-table copy of
 * the archive index (and, in a one-shot process, of the cold set).
 */
export interface TierLookup {
  hasCold: boolean;
  isCold(id: string): boolean;
  searchArchive(terms: string[]): ArchiveMatch;
}

/** Meta key bumped whenever a tier changes, so in-process caches of the cold set know to reload. */
export const TIER_REVISION_KEY = 'lifecycle.tier_rev';

/** The lifecycle part of the Store (src/lifecycle): access log, tiers, archive index. */
export interface LifecycleStore {
  /**
   * Appends a batch of accesses to the access log in one transaction, with optional jobs. A job
   * whose kind already has a pending job is not queued again: one fold reads the whole log, so
   * processes that each queue their own (every one-shot command) would only pile up empty folds.
   */
  appendAccesses(entries: AccessEntry[], opts?: { enqueue?: NewJob[] }): Promise<void>;
  /** Folds up to `limit` logged accesses into the memory rows in one transaction; rehydrated memories go hot. */
  foldAccesses(limit: number): Promise<{ folded: number; rehydrated: string[] }>;
  /** Sets the tier of the given memories; returns how many changed. */
  setTier(ids: string[], tier: MemoryTier): Promise<number>;
  /** Pins or unpins an active memory in place (a pinned one also goes hot); false when there is none. */
  setPinned(id: string, pinned: boolean): Promise<boolean>;
  coldMemoryIds(): Promise<string[]>;
  /** Replaces the whole archive index in one transaction. */
  replaceArchive(entries: ArchiveEntry[]): Promise<void>;
  archiveEntries(): Promise<ArchiveEntry[]>;
  /** Lookups into the tiers without loading the archive index whole (nor, one-shot, the cold set), or null: load them. */
  tierLookup?(): Promise<TierLookup | null>;
}

/** Shapes of the Store's inspection reads (the web inspector and its REST operations). */
import type { Memory, MemoryStatus, MemoryTier, MemoryType } from '../types.js';
import type { MemoryFilter } from './store.js';

export interface BrowseFilter extends MemoryFilter {
  tier?: MemoryTier;
  /** Memories carrying this exact tag. */
  tag?: string;
  /** createdAt >= createdFrom (ISO-8601). */
  createdFrom?: string;
  /** createdAt < createdTo (ISO-8601). */
  createdTo?: string;
  /** Full text over content, queries and tags; every word must match. */
  text?: string;
}

export interface StoreInspection {
  counts: { type: MemoryType; status: MemoryStatus; tier: MemoryTier; n: number }[];
  /** The newest memory write (audit) or message insert; null for an empty profile. */
  lastWriteAt: string | null;
  /** Bytes on disk (SQLite: the database file and its WAL), or the profile's row bytes (PostgreSQL). */
  sizeBytes: number | null;
}

export interface TimelineOptions {
  /** '' (buckets are years), 'YYYY' (months), 'YYYY-MM' (days) or 'YYYY-MM-DD' (hours). */
  prefix: string;
  /** Most events and sessions listed (the buckets count them all). */
  limit: number;
}

export interface TimelineBucket {
  key: string;
  events: number;
  messages: number;
}

export interface SessionSpan {
  sessionId: string;
  first: string;
  last: string;
  messages: number;
}

export interface TimelineSlice {
  buckets: TimelineBucket[];
  /** Active events under the prefix, by event time. */
  events: Memory[];
  /** Sessions with a message under the prefix, by first message. */
  sessions: SessionSpan[];
}

/** Length of a bucket key one zoom level below `prefix`. */
export function bucketLength(prefix: string): number {
  return ({ 0: 4, 4: 7, 7: 10 } as Record<number, number>)[prefix.length] ?? 13;
}

/** The words of a free-text filter, for a full-text query in which every word must match. */
export function browseTerms(text: string | undefined): string[] {
  return (text ?? '').split(/\s+/).map((w) => w.trim()).filter(Boolean).slice(0, 20);
}

/** Core domain types shared by the library, the stores and every adapter. */

export const MEMORY_TYPES = ['fact', 'instruction', 'event', 'task'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export const MEMORY_STATUSES = ['active', 'superseded', 'forgotten', 'done'] as const;
export type MemoryStatus = (typeof MEMORY_STATUSES)[number];

export const ROLES = ['user', 'assistant', 'system', 'tool'] as const;
export type Role = (typeof ROLES)[number];

export type Metadata = Record<string, unknown>;

/** A raw conversation turn as stored (content-addressed id). */
export interface StoredMessage {
  id: string;
  sessionId: string;
  role: Role;
  content: string;
  /** ISO-8601 time the message was said, when known. */
  timestamp: string | null;
  metadata: Metadata | null;
  /** Monotonic insertion order within the profile; orders a session's turns. */
  seq: number;
  createdAt: string;
}

/** A message ready to be written: id already computed, seq assigned by the store. */
export type NewMessage = Omit<StoredMessage, 'seq' | 'createdAt'>;

export interface Memory {
  id: string;
  type: MemoryType;
  content: string;
  /** Normalized key such as `user.package_manager` (facts and instructions). */
  topicKey: string | null;
  /** ISO-8601 absolute time of an event. */
  eventTime: string | null;
  sessionId: string | null;
  sourceMessageIds: string[];
  /** 3-5 question forms of the content, used for search and embedding. */
  queries: string[];
  tags: string[];
  /** 0..1 */
  importance: number;
  status: MemoryStatus;
  supersededBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A memory ready to be written; the store decides supersession and timestamps when absent. */
export type NewMemory = Omit<Memory, 'status' | 'supersededBy' | 'createdAt' | 'updatedAt'> & {
  status?: MemoryStatus;
  supersededBy?: string | null;
  createdAt?: string;
  updatedAt?: string;
};

export type AuditAction = 'write' | 'supersede' | 'forget' | 'purge' | 'status' | 'import';

export interface AuditEntry {
  id: number;
  at: string;
  action: AuditAction;
  memoryId: string | null;
  detail: Metadata | null;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface Job {
  id: string;
  kind: string;
  payload: Metadata;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lockedBy: string | null;
  lockedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A search hit from one channel: rank is 1-based, score is channel-specific (higher is better). */
export interface Scored<T> {
  item: T;
  score: number;
  rank: number;
}

/** What a secret scanner found and replaced. */
export interface Redaction {
  kind: string;
  /** A short, non-reversible hint, e.g. `sk-…a1b2`. */
  hint: string;
}

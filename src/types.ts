/** Core domain types shared by the library, the stores and every adapter. */

export const MEMORY_TYPES = ['fact', 'instruction', 'event', 'task'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export const MEMORY_STATUSES = ['active', 'superseded', 'forgotten', 'done'] as const;
export type MemoryStatus = (typeof MEMORY_STATUSES)[number];

export const MEMORY_TIERS = ['hot', 'cold'] as const;
/** `hot` memories are searched by recall's first pass; `cold` ones only when it escalates (see src/lifecycle). */
export type MemoryTier = (typeof MEMORY_TIERS)[number];

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
  /** Lifecycle (see src/lifecycle): storage tier, folded access counts, pin, per-memory half-life override. */
  tier: MemoryTier;
  accessCount: number;
  lastAccessedAt: string | null;
  /** Never decays, never goes cold. */
  pinned: boolean;
  /** Overrides the profile's half-life for this memory's type; null = the type's default. */
  halfLifeDays: number | null;
  /** Computed, never stored: present on recall hits and list items (see src/lifecycle/salience.ts). */
  salience?: number;
  /** Caller's JSON (size-limited, `{}` when none) and scope ids within the profile; filterable (see src/filters). */
  metadata: Metadata;
  userId: string | null;
  agentId: string | null;
  runId: string | null;
  /** When a task stops being open (it leaves recall's first pass then; list and history keep it). */
  expiresAt: string | null;
  /** A perceptual memory: what was shared (image, file, URL) and where it lives; never its bytes. */
  attachment: Attachment | null;
  /** Memories this one was consolidated from (merged duplicates, gathered episodes); empty for extracted ones. */
  derivedFrom: string[];
}

export const ATTACHMENT_KINDS = ['image', 'file', 'url'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** A pointer to something a message carried, described by its caption or alt text. */
export interface Attachment {
  kind: AttachmentKind;
  /** Where it lives: an http(s) URL, a file path or any URI the caller can resolve. */
  uri: string;
  /** Caption or alt text: what makes the attachment searchable. */
  caption: string | null;
  name: string | null;
  mimeType: string | null;
}

/** Task-expiry and attachment fields a writer may leave out; the store fills null. */
export type MemoryPerceptionField = 'expiresAt' | 'attachment';

/** Scope fields a writer may leave out; the store fills the defaults ({}, null, null, null). */
export type MemoryScopeField = 'metadata' | 'userId' | 'agentId' | 'runId';

/** Lifecycle fields a writer may leave out; the store fills the defaults (hot, 0, null, false, null). */
export type MemoryLifecycleField = 'tier' | 'accessCount' | 'lastAccessedAt' | 'pinned' | 'halfLifeDays';

/** A memory ready to be written; the store decides supersession and timestamps when absent. */
export type NewMemory = Omit<Memory, 'status' | 'supersededBy' | 'createdAt' | 'updatedAt' | MemoryLifecycleField | MemoryScopeField | MemoryPerceptionField | 'derivedFrom'> & { derivedFrom?: string[] } & Partial<Pick<Memory, MemoryLifecycleField>> & Partial<Pick<Memory, MemoryScopeField>> & Partial<Pick<Memory, MemoryPerceptionField>> & {
  status?: MemoryStatus;
  supersededBy?: string | null;
  createdAt?: string;
  updatedAt?: string;
};

export type AuditAction = 'write' | 'supersede' | 'forget' | 'purge' | 'status' | 'import' | 'job_failed' | 'consolidate';

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

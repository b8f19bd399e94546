import type {
  AuditEntry,
  Job,
  JobStatus,
  Memory,
  MemoryStatus,
  MemoryType,
  Metadata,
  NewMessage,
  NewMemory,
  Scored,
  StoredMessage,
} from '../types.js';
import type { BrowseFilter, StoreInspection, TimelineOptions, TimelineSlice } from './inspect-types.js';
import type { FilterNode } from '../filters/ast.js';
import type { LifecycleStore } from './lifecycle-store.js';
import type { ConsolidationStore } from './consolidation-store.js';
import type { EntityStore } from './entity-store.js';
import type { SetStatusOptions } from './status-transition.js';

/**
 * Persistence for ONE profile. Pipelines talk to this interface only and never write SQL.
 * Every implementation (SQLite, PostgreSQL) must pass `test/contract/store-contract.ts`.
 * Nothing here may leak a backend's query syntax: full-text queries arrive as plain terms and
 * each backend quotes them for its own engine.
 */
export interface Store extends LifecycleStore, ConsolidationStore, EntityStore {
  readonly backend: string;
  readonly profile: string;

  // ---- raw messages -------------------------------------------------------------------------
  /** Insert-or-ignore by id, in one transaction together with the optional jobs. */
  insertMessages(messages: NewMessage[], opts?: { enqueue?: NewJob[] }): Promise<InsertMessagesResult>;
  getMessages(ids: string[]): Promise<StoredMessage[]>;
  /** Which of `ids` are stored (in no particular order): an ingest's duplicate check, without reading the rows. */
  knownMessageIds(ids: string[]): Promise<string[]>;
  listMessages(filter?: MessageFilter): Promise<StoredMessage[]>;
  /** Messages of the same session around each given message (by seq), the messages included. */
  messageNeighbours(id: string, before: number, after: number): Promise<StoredMessage[]>;
  /** `messageNeighbours` for many anchors at once, in their order (empty for an unknown id). */
  messagesAround(ids: string[], before: number, after: number): Promise<StoredMessage[][]>;
  searchMessages(query: TextQuery, opts: { limit: number; sessionIds?: string[] }): Promise<Scored<StoredMessage>[]>;
  countMessages(): Promise<number>;

  // ---- memories -----------------------------------------------------------------------------
  /**
   * Writes memories in one transaction: insert-or-ignore by id, skip a memory whose type and
   * normalized content equal an active one's, and apply topic-key supersession (the memory with
   * the later `createdAt` stays active, the other becomes `superseded` with `supersededBy`).
   * Audit entries are written for every write and supersession. Optional job bookkeeping runs in
   * the same transaction so a crash never leaves memories without their follow-up jobs.
   */
  writeMemories(memories: NewMemory[], opts?: WriteMemoriesOptions): Promise<WriteMemoriesResult>;
  getMemory(id: string): Promise<Memory | null>;
  getMemories(ids: string[]): Promise<Memory[]>;
  listMemories(filter: MemoryFilter): Promise<Page<Memory>>;
  countMemories(filter?: Omit<MemoryFilter, 'limit' | 'cursor'>): Promise<number>;
  /** Full text over content, queries and tags; active memories unless statuses given. */
  searchMemories(query: TextQuery, opts: MemorySearchOptions): Promise<Scored<Memory>[]>;
  /**
   * For each term, whether a message or an active memory holds it: whether `searchMessages` or
   * `searchMemories` with that term alone would find one, answered without ranking any.
   */
  termsMentioned(terms: string[]): Promise<boolean[]>;
  /**
   * Whether any memory (of any status) has a non-empty `derivedFrom`, answered without a scan:
   * false lets recall skip the searches it runs for derived memories alone.
   */
  hasDerivedMemories(): Promise<boolean>;
  /** Active memories whose topic key is one of `keys` (or starts with a key ending in '.'). */
  memoriesByTopicKeys(keys: string[], opts?: { types?: MemoryType[]; limit?: number }): Promise<Memory[]>;
  /** Every memory ever written under the key, oldest first (the supersession chain). */
  history(topicKey: string): Promise<Memory[]>;
  /** Distinct topic keys of active memories, so extractors can reuse them. */
  topicKeys(prefix?: string, limit?: number): Promise<string[]>;
  /**
   * Of the keys `topicKeys('', limit)` returns, those containing one of `parts`, read without
   * handing every key to the caller (a one-shot recall). Optional: callers fall back to topicKeys.
   */
  topicKeysContaining?(parts: string[], limit: number): Promise<string[]>;
  /** status=forgotten (soft) or erase content, queries, tags and vectors (purge). Audited. */
  forget(id: string, opts: { purge: boolean; reason?: string }): Promise<Memory | null>;
  /** Audited; the same status again changes nothing. With `from`, throws MnemoError('conflict') unless the memory is in that status at the write. */
  setStatus(id: string, status: MemoryStatus, reason?: string, opts?: SetStatusOptions): Promise<Memory | null>;
  /**
   * Update as supersession (one transaction): writes `next` (a new id) active and marks the
   * active memory `id` superseded by it, with audit entries; null when `id` is unknown. Throws
   * MnemoError('conflict') when `id` is not active (purged, forgotten, superseded), changing nothing.
   */
  reviseMemory(id: string, next: NewMemory, opts?: { enqueue?: NewJob[] }): Promise<Memory | null>;

  // ---- vectors ------------------------------------------------------------------------------
  /** Replaces the vectors of the given owners. All vectors of a store share one embedder. */
  upsertVectors(rows: VectorRow[]): Promise<void>;
  deleteVectors(owners: VectorOwner[]): Promise<void>;
  /** Nearest neighbours by cosine similarity (score in -1..1), active memories only. */
  searchVectors(vector: Float32Array, opts: VectorSearchOptions): Promise<Scored<VectorOwner>[]>;
  /** Owners that should have a vector under the current embedder but do not. */
  missingVectors(kind: VectorKind, limit: number): Promise<VectorOwner[]>;
  countVectors(kind?: VectorKind): Promise<number>;
  /** Drops every vector (used when the embedder changes). */
  clearVectors(): Promise<void>;
  /** Embedding cache keyed by (embedderId, sha256(text)). */
  getCachedEmbeddings(embedderId: string, textHashes: string[]): Promise<Map<string, Float32Array>>;
  putCachedEmbeddings(embedderId: string, rows: { textHash: string; vector: Float32Array }[]): Promise<void>;

  // ---- jobs (durable queue) -----------------------------------------------------------------
  enqueueJobs(jobs: NewJob[]): Promise<Job[]>;
  /**
   * Atomically claims the oldest due job (pending and runAt <= now, or running with an expired
   * lease: its worker died). Increments attempts and sets the lease.
   */
  claimJob(opts: { workerId: string; leaseMs: number; kinds?: string[] }): Promise<Job | null>;
  extendLease(id: string, workerId: string, leaseMs: number): Promise<boolean>;
  completeJob(id: string, workerId: string): Promise<void>;
  /** Reschedules at `retryAt`, or marks failed when attempts reached maxAttempts. */
  failJob(id: string, workerId: string, error: string, retryAt: Date): Promise<Job | null>;
  getJob(id: string): Promise<Job | null>;
  listJobs(filter?: { status?: JobStatus; kind?: string; limit?: number }): Promise<Job[]>;
  countJobs(): Promise<Record<JobStatus, number>>;
  /**
   * Pending and running jobs, and the first pending one in queue order: what waiting for the queue
   * to empty needs, without counting the finished jobs kept for a week (countJobs reads them all).
   */
  unfinishedJobs(): Promise<UnfinishedJobs>;
  /** Puts a failed job back in the queue (pending, attempts 0, due now); null when it is not failed. */
  retryJob(id: string): Promise<Job | null>;

  // ---- inspection (the web inspector and its REST operations; see src/inspect) --------------
  /** `listMemories` with the inspector's extra filters (tag, created range, full text, tier). */
  browseMemories(filter: BrowseFilter): Promise<Page<Memory>>;
  /** Memory counts by type × status × tier, the last write, and the profile's size on disk. */
  inspect(): Promise<StoreInspection>;
  /** Events and messages bucketed under a time prefix ('' → years, 'YYYY' → months, …). */
  timeline(opts: TimelineOptions): Promise<TimelineSlice>;

  // ---- audit, meta, portability -------------------------------------------------------------
  listAudit(opts?: { memoryId?: string; limit?: number; afterId?: number }): Promise<AuditEntry[]>;
  /** The id of the newest audit entry (0 when there is none): where "entries written since" starts. */
  lastAuditId(): Promise<number>;
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
  /** Removes meta keys (absent ones are ignored). */
  deleteMeta(keys: string[]): Promise<void>;
  /**
   * Atomically takes or renews a lease stored under a meta key: true when `holder` now holds it
   * for `ttlMs` (it was free, expired or already its own), false while another holder's is live.
   */
  claimLease(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Everything in the profile (all statuses), for a versioned export document. */
  dump(): Promise<StoreDump>;
  /**
   * Loads a dump in one transaction: merge keeps existing rows; replace lets the dump win per
   * memory (same id overwritten, same topic key superseded) and never deletes local-only rows.
   */
  load(dump: StoreDump, strategy: 'merge' | 'replace'): Promise<{ messages: number; memories: number }>;

  /** Loads in-process search indexes now rather than on the first search (optional). */
  warm?(): Promise<void>;
  /**
   * A value that changes whenever anything is committed to the profile, by this handle or any
   * other connection or process (optional: without it recall results are never reused).
   */
  writeGeneration?(): string;
  close(): Promise<void>;
}

/** Opens per-profile stores; one provider per data directory or database. */
export interface StoreProvider {
  readonly backend: string;
  open(profile: string): Promise<Store>;
  listProfiles(): Promise<string[]>;
  close(): Promise<void>;
}

/** Plain search terms; the backend quotes each one, so no query syntax ever reaches the engine. */
export interface TextQuery {
  terms: string[];
  /** `any` (default) ORs the terms, `all` ANDs them. */
  match?: 'any' | 'all';
}

export interface MessageFilter {
  sessionId?: string;
  /** Only messages with seq greater than this. */
  afterSeq?: number;
  limit?: number;
}

export interface MemoryFilter {
  type?: MemoryType | MemoryType[];
  status?: MemoryStatus | MemoryStatus[];
  sessionId?: string;
  topicKey?: string;
  /** A parsed scope/metadata filter (src/filters), ANDed with the fields above. */
  where?: FilterNode;
  limit: number;
  /** Opaque cursor from a previous page. */
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface MemorySearchOptions {
  limit: number;
  types?: MemoryType[];
  statuses?: MemoryStatus[];
  sessionId?: string;
  /**
   * Memories consolidation derived (non-empty `derivedFrom`): left out, or searched alone; both
   * when absent. Either way they never change the other memories' scores.
   */
  derived?: 'exclude' | 'only';
}

export interface UnfinishedJobs {
  pending: number;
  running: number;
  /** The pending job due soonest (earliest run_at), due yet or not. */
  firstPending: Job | null;
}

export interface NewJob {
  kind: string;
  payload: Metadata;
  runAt?: Date;
  maxAttempts?: number;
  /**
   * Written already claimed by this worker (running, first attempt, leased), for a caller that runs
   * it at once: no separate claim transaction. Still durable: after a crash the lease expires and
   * any worker claims it again.
   */
  claimedBy?: { workerId: string; leaseMs: number };
}

export interface WriteMemoriesOptions {
  /** Completes this claimed job in the same transaction. */
  completeJob?: { id: string; workerId: string };
  /** Enqueues these jobs in the same transaction (e.g. vectorization). */
  enqueue?: NewJob[];
  /** Free-form actor recorded in audit entries (e.g. `ingest`, `remember`, `import`). */
  actor?: string;
  /**
   * Upserted in the same transaction, after the memories (as `upsertVectors`: rows whose owner is
   * unknown or not active are skipped), so a job's memories and their vectors land together.
   */
  vectors?: VectorRow[];
  /**
   * Then brings the entity index up to date (as `indexEntities`), in the same transaction where
   * the backend can; a failure there is ignored (the next read of the index catches up).
   */
  indexEntities?: boolean;
}

export interface WriteMemoriesResult {
  written: Memory[];
  /** Ids not written because the same id or an identical active memory already exists. */
  skipped: { id: string; existingId: string }[];
  superseded: { id: string; by: string }[];
}

export interface InsertMessagesResult {
  inserted: string[];
  existing: string[];
  jobs: Job[];
  /** The inserted rows as stored (seq and createdAt assigned), in insertion order. */
  stored?: StoredMessage[];
}

export type VectorKind = 'memory' | 'message';

export interface VectorOwner {
  kind: VectorKind;
  id: string;
}

export interface VectorRow extends VectorOwner {
  vector: Float32Array;
}

export interface VectorSearchOptions {
  kind: VectorKind;
  limit: number;
  types?: MemoryType[];
  sessionId?: string;
}

export type { BrowseFilter, StoreInspection, TimelineOptions, TimelineSlice } from './inspect-types.js';

export interface StoreDump {
  messages: StoredMessage[];
  memories: Memory[];
  audit: AuditEntry[];
}

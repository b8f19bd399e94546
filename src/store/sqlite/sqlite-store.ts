import type { AuditEntry, Job, JobStatus, Memory, MemoryStatus, MemoryType, NewMemory, NewMessage, Scored, StoredMessage } from '../../types.js';
import type {
  InsertMessagesResult, MemoryFilter, MemorySearchOptions, MessageFilter, NewJob, Page, Store, StoreDump, TextQuery, UnfinishedJobs,
  VectorKind, VectorOwner, VectorRow, VectorSearchOptions, WriteMemoriesOptions, WriteMemoriesResult,
} from '../store.js';
import * as audit from './audit.js';
import * as lifecycle from './lifecycle.js';
import * as entities from './entities.js';
import type { EntityHit, EntityMention, EntitySummary } from '../entity-store.js';
import type { AccessEntry, ArchiveEntry, TierLookup } from '../lifecycle-store.js';
import { ArchiveCache } from './archive-cache.js';
import { GenerationMemo } from './generation-memo.js';
import { TopicKeyMemo } from './topic-key-memo.js';
import { sqliteTierLookup } from './archive-words.js';
import { ColdSet } from './cold-set.js';
import type { MemoryTier } from '../../types.js';
import { Connection } from './connection.js';
import * as dumps from './dump.js';
import * as embeddingCache from './embedding-cache.js';
import * as forgetting from './forget.js';
import * as revise from './revise.js';
import * as consolidation from './consolidation.js';
import * as working from './working-items.js';
import type { ConsolidationCommit, ConsolidationCommitResult, ConsolidationGroupRow, NewWorkingItem, WorkingItem, WorkingSessionEnd } from '../consolidation-store.js';
import type { SetStatusOptions } from '../status-transition.js';
import * as jobs from './jobs.js';
import * as inspection from './inspect.js';
import { browseMemories } from './memory-browse.js';
import type { BrowseFilter, StoreInspection, TimelineOptions, TimelineSlice } from '../inspect-types.js';
import * as queries from './memory-queries.js';
import * as rows from './memory-rows.js';
import { MemoryRowCache } from './memory-row-cache.js';
import { writeMemories } from './memory-write.js';
import * as messages from './messages.js';
import type { VectorIndexFactory } from '../../vector/exact-vector-index.js';
import type { VectorIndexEvent, VectorOptions } from './vector-options.js';
import { MEMORY_TEXT, MESSAGE_TEXT, SqliteTextIndex, type TextIndexEvent, type TextIndexOptions, type TextSnapshotOptions } from './text-index.js';
import { removeTextSnapshots, textSnapshotPath } from './text-snapshot.js';
import { searchMemoriesIndexed, searchMessagesIndexed } from './text-search.js';
import { activeMemoryMentions, messageMentions } from './term-mentions.js';
import { topEntityMentions } from './entity-top.js';
import { SqliteVectors } from './vectors.js';

export interface SqliteStoreOptions {
  /** Swap the exact in-memory vector scan for another index (e.g. HNSW). */
  vectorIndex?: VectorIndexFactory;
  /** Vectors of one kind at which search switches from exact to HNSW (default 5K). */
  annThreshold?: number;
  /** Observes vector index loads, builds and saves. */
  onVectorIndexEvent?: (event: VectorIndexEvent) => void;
  /** Called once after `close()`; the provider uses it to drop its cached handle. */
  onClose?: () => void;
  /**
   * Rank full-text searches in the in-memory BM25 index (default) or let FTS5 score every match
   * (`false`: no index memory, slower on large profiles; the benchmarks' baseline).
   */
  textIndex?: boolean | TextIndexOptions;
  /**
   * Save the in-memory text indexes beside the database and start from them (default true for a
   * file): a large profile's warm-up copies arrays instead of tokenizing every row.
   */
  textSnapshots?: boolean | Pick<TextSnapshotOptions, 'minRows' | 'resaveAfter'>;
  /** Observes text index restores, rejected snapshots and saves. */
  onTextIndexEvent?: (event: TextIndexEvent) => void;
  /** When the HNSW files are saved (see VectorOptions.annSaves). */
  annSaves?: VectorOptions['annSaves'];
  /** Changes between saves of the HNSW files (see VectorOptions.annSaveEvery). */
  annSaveEvery?: number;
  /** `warm`: in-memory indexes load only in `warm()`; searches before it read the files (see IndexLoading). */
  loadIndexes?: IndexLoading;
  /**
   * Reads of the entity index catch it up with new rows themselves only when at most this many
   * are behind (default: any number). Recall threads leave a larger backlog (a bulk import) to
   * the writer's `indexEntities()`: catching up holds the write lock, for seconds at 100K rows.
   */
  entityCatchUpLimit?: number;
  /** See ConnectionOptions.bulkWrites: for a process that writes a large profile in big transactions. */
  bulkWrites?: boolean;
  /** See ConnectionOptions.pageCacheMb. */
  pageCacheMb?: number;
}

/**
 * When the in-memory indexes load:
 * - `search` (default): on the first search that needs them (the saved HNSW graph is viewed
 *   memory-mapped until this process's vector writes call for loading it, see VectorCache);
 * - `warm`: only when `warm()` is called; searches before it use FTS5 (same BM25) and a
 *   memory-mapped view of the saved HNSW graph (a one-shot CLI command, which would use a loaded
 *   index once);
 * - `background`: as `warm`, and the first search starts `warm()` in the background, so a
 *   server's first recall does not wait for the loads and later ones get the loaded indexes.
 */
export type IndexLoading = 'search' | 'warm' | 'background';

/** `Store` over one SQLite file. better-sqlite3 is synchronous; the async surface is the contract. */
export class SqliteStore implements Store {
  readonly backend = 'sqlite';
  private readonly conn: Connection;
  private readonly vectors: SqliteVectors;
  private readonly text: { memories: SqliteTextIndex; messages: SqliteTextIndex } | null;
  private warming = false;
  private readonly coldSet = new ColdSet();
  private readonly archiveCache = new ArchiveCache();
  private readonly counts = new GenerationMemo();
  private readonly memoryRows = new MemoryRowCache();
  private readonly topicKeyLists = new TopicKeyMemo();

  constructor(readonly path: string, readonly profile: string, private readonly options: SqliteStoreOptions = {}) {
    this.conn = new Connection(path, { bulkWrites: options.bulkWrites, pageCacheMb: options.pageCacheMb });
    this.vectors = new SqliteVectors(this.conn, {
      exactIndex: options.vectorIndex, annThreshold: options.annThreshold, onIndexEvent: options.onVectorIndexEvent,
      annSaves: options.annSaves, annSaveEvery: options.annSaveEvery, loadOn: loadOn(options.loadIndexes),
    });
    const textOptions = { loadOn: loadOn(options.loadIndexes), ...(typeof options.textIndex === 'object' ? options.textIndex : {}) };
    const snapshot = (table: string) => (options.textSnapshots === false || path === ':memory:' || path === '' ? {} : {
      snapshot: {
        path: textSnapshotPath(path, table), createId: options.annSaves !== 'none', onEvent: options.onTextIndexEvent,
        ...(typeof options.textSnapshots === 'object' ? options.textSnapshots : {}),
      },
    });
    this.text = options.textIndex === false ? null : {
      memories: new SqliteTextIndex(this.conn, MEMORY_TEXT, { ...textOptions, ...snapshot('memories') }),
      messages: new SqliteTextIndex(this.conn, MESSAGE_TEXT, { ...textOptions, ...snapshot('messages') }),
    };
  }

  /** Loads the in-memory indexes now (and starts HNSW builds) instead of on the first search. */
  async warm(): Promise<void> {
    this.warming = true;
    await Promise.all([this.text?.memories.warm(), this.text?.messages.warm(), this.vectors.warm()]);
  }

  /** loadIndexes 'background': the first search starts warming up (once; `warm()` counts too). */
  private warmInBackground(): void {
    if (this.warming || this.options.loadIndexes !== 'background') return;
    this.warming = true;
    setImmediate(() => { if (this.conn.db.open) this.warm().catch(() => {}); });
  }

  /** The in-memory text index, unless off or inside a write transaction (whose rows may roll back). */
  private textIndex(kind: 'memories' | 'messages'): SqliteTextIndex | null {
    this.warmInBackground();
    return this.text && !this.conn.db.inTransaction ? this.text[kind] : null;
  }

  async insertMessages(list: NewMessage[], opts?: { enqueue?: NewJob[] }): Promise<InsertMessagesResult> {
    // No memory changes: the held topic keys stand.
    return messages.insertMessages(this.conn, list, opts?.enqueue, (before, after) => this.topicKeyLists.carry(before, after, []));
  }
  async getMessages(ids: string[]): Promise<StoredMessage[]> { return messages.getMessages(this.conn, ids); }
  async knownMessageIds(ids: string[]): Promise<string[]> { return messages.knownMessageIds(this.conn, ids); }
  async listMessages(filter?: MessageFilter): Promise<StoredMessage[]> { return messages.listMessages(this.conn, filter); }
  async messageNeighbours(id: string, before: number, after: number): Promise<StoredMessage[]> {
    return messages.messageNeighbours(this.conn, id, before, after);
  }
  async messagesAround(ids: string[], before: number, after: number): Promise<StoredMessage[][]> {
    return messages.messagesAround(this.conn, ids, before, after);
  }
  async searchMessages(query: TextQuery, opts: { limit: number; sessionIds?: string[] }): Promise<Scored<StoredMessage>[]> {
    const index = this.textIndex('messages');
    return (index && searchMessagesIndexed(this.conn, index, query, opts)) ?? messages.searchMessages(this.conn, query, opts);
  }
  async countMessages(): Promise<number> { return this.counts.get(this.conn, 'messages', () => messages.countMessages(this.conn)); }

  async writeMemories(list: NewMemory[], opts?: WriteMemoriesOptions): Promise<WriteMemoriesResult> {
    return writeMemories(this.conn, this.vectors, list, opts, (before, after, result) => {
      const added = new Set(result.written.filter((m) => m.status === 'active' && m.topicKey).map((m) => m.topicKey!));
      this.topicKeyLists.carry(before, after, added);
    });
  }
  async getMemory(id: string): Promise<Memory | null> { return rows.getMemory(this.conn, id); }
  async getMemories(ids: string[]): Promise<Memory[]> { return rows.getMemories(this.conn, ids, this.memoryRows); }
  async listMemories(filter: MemoryFilter): Promise<Page<Memory>> { return queries.listMemories(this.conn, filter); }
  async countMemories(filter?: Omit<MemoryFilter, 'limit' | 'cursor'>): Promise<number> {
    return queries.countMemories(this.conn, filter);
  }
  async searchMemories(query: TextQuery, opts: MemorySearchOptions): Promise<Scored<Memory>[]> {
    const index = this.textIndex('memories');
    return (index && searchMemoriesIndexed(this.conn, index, this.memoryRows, query, opts)) ?? queries.searchMemories(this.conn, query, opts);
  }
  async termsMentioned(terms: string[]): Promise<boolean[]> {
    const out: boolean[] = [];
    for (const term of terms) {
      const messageIndex = this.textIndex('messages');
      const memoryIndex = this.textIndex('memories');
      const query = { terms: [term] };
      out.push(((messageIndex && messageMentions(messageIndex, term)) ?? (await this.searchMessages(query, { limit: 1 })).length > 0)
        || ((memoryIndex && activeMemoryMentions(this.conn, memoryIndex, term)) ?? (await this.searchMemories(query, { limit: 1 })).length > 0));
    }
    return out;
  }
  async hasDerivedMemories(): Promise<boolean> {
    return this.counts.get(this.conn, 'derived', () => Number(this.textIndex('memories')?.hasApart() ?? queries.hasDerivedMemories(this.conn))) > 0;
  }
  async memoriesByTopicKeys(keys: string[], opts?: { types?: MemoryType[]; limit?: number }): Promise<Memory[]> {
    return queries.memoriesByTopicKeys(this.conn, keys, opts);
  }
  async history(topicKey: string): Promise<Memory[]> { return queries.history(this.conn, topicKey); }
  async topicKeys(prefix = '', limit = 1000): Promise<string[]> {
    return this.topicKeyLists.get(this.conn, prefix, limit, () => queries.topicKeys(this.conn, prefix, limit));
  }
  async topicKeysContaining(parts: string[], limit: number): Promise<string[]> { return queries.topicKeysContaining(this.conn, parts, limit); }
  async forget(id: string, opts: { purge: boolean; reason?: string }): Promise<Memory | null> {
    const memory = forgetting.forget(this.conn, this.vectors, id, opts);
    if (memory && opts.purge && this.path !== ':memory:' && this.path !== '') removeTextSnapshots(this.path);
    return memory;
  }
  async setStatus(id: string, status: MemoryStatus, reason?: string, opts?: SetStatusOptions): Promise<Memory | null> {
    return forgetting.setStatus(this.conn, this.vectors, id, status, reason, opts);
  }
  async reviseMemory(id: string, next: NewMemory, opts?: { enqueue?: NewJob[] }): Promise<Memory | null> {
    return revise.reviseMemory(this.conn, this.vectors, id, next, opts);
  }
  async consolidationGroups(keys: string[]): Promise<ConsolidationGroupRow[]> { return consolidation.consolidationGroups(this.conn, keys); }
  async entityMentions(names: string[], opts?: { limit?: number }): Promise<EntityMention[]> {
    return entities.entityMentions(this.conn, names, opts?.limit, this.options.entityCatchUpLimit);
  }
  async topEntityMentions(weights: [string, number][], opts: { limit: number; kind?: EntityHit['kind'] }): Promise<EntityHit[]> {
    return topEntityMentions(this.conn, weights, opts.limit, opts.kind, this.options.entityCatchUpLimit);
  }
  async entityCounts(names: string[], opts?: { atMost?: number }): Promise<Map<string, number>> {
    return entities.entityCounts(this.conn, names, opts?.atMost, this.options.entityCatchUpLimit, this.counts);
  }
  async indexEntities(opts?: { batches?: number }): Promise<boolean> { return entities.catchUp(this.conn, Infinity, opts?.batches); }
  async listEntities(opts?: { limit?: number }): Promise<EntitySummary[]> {
    return entities.listEntities(this.conn, opts?.limit, this.options.entityCatchUpLimit);
  }
  async commitConsolidation(commits: ConsolidationCommit[], opts?: { enqueue?: NewJob[] }): Promise<ConsolidationCommitResult[]> {
    return this.conn.write(() => {
      const results = commits.map((c) => consolidation.commitConsolidation(this.conn, this.vectors, c));
      if (opts?.enqueue?.length && results.some((r) => r.outcome === 'written')) jobs.insertJobs(this.conn, opts.enqueue);
      return results;
    });
  }
  async putWorkingItems(items: NewWorkingItem[]): Promise<WorkingItem[]> { return working.putWorkingItems(this.conn, items); }
  async listWorkingItems(sessionId: string): Promise<WorkingItem[]> { return working.listWorkingItems(this.conn, sessionId); }
  async deleteWorkingItems(sessionId: string, ids?: string[]): Promise<number> { return working.deleteWorkingItems(this.conn, sessionId, ids); }
  async endWorkingSession(sessionId: string, consumed: WorkingItem[], promote: NewMemory[], opts?: { enqueue?: NewJob[] }): Promise<WorkingSessionEnd> {
    return working.endWorkingSession(this.conn, this.vectors, sessionId, consumed, promote, opts);
  }

  async upsertVectors(list: VectorRow[]): Promise<void> { this.vectors.upsert(list); }
  async deleteVectors(owners: VectorOwner[]): Promise<void> { this.vectors.delete(owners); }
  async searchVectors(vector: Float32Array, opts: VectorSearchOptions): Promise<Scored<VectorOwner>[]> {
    this.warmInBackground();
    return this.vectors.search(vector, opts);
  }
  async missingVectors(kind: VectorKind, limit: number): Promise<VectorOwner[]> { return this.vectors.missing(kind, limit); }
  async countVectors(kind?: VectorKind): Promise<number> { return this.vectors.count(kind); }
  async clearVectors(): Promise<void> { this.vectors.clear(); }
  async getCachedEmbeddings(embedderId: string, textHashes: string[]): Promise<Map<string, Float32Array>> {
    return embeddingCache.getCached(this.conn, embedderId, textHashes);
  }
  async putCachedEmbeddings(embedderId: string, list: { textHash: string; vector: Float32Array }[]): Promise<void> {
    embeddingCache.putCached(this.conn, embedderId, list);
  }

  async enqueueJobs(list: NewJob[]): Promise<Job[]> { return jobs.insertJobs(this.conn, list); }
  async claimJob(opts: { workerId: string; leaseMs: number; kinds?: string[] }): Promise<Job | null> {
    return jobs.claimJob(this.conn, opts);
  }
  async extendLease(id: string, workerId: string, leaseMs: number): Promise<boolean> {
    return jobs.extendLease(this.conn, id, workerId, leaseMs);
  }
  async completeJob(id: string, workerId: string): Promise<void> { jobs.completeJob(this.conn, id, workerId); }
  async failJob(id: string, workerId: string, error: string, retryAt: Date): Promise<Job | null> {
    return jobs.failJob(this.conn, id, workerId, error, retryAt);
  }
  async getJob(id: string): Promise<Job | null> { return jobs.getJob(this.conn, id); }
  async listJobs(filter?: { status?: JobStatus; kind?: string; limit?: number }): Promise<Job[]> {
    return jobs.listJobs(this.conn, filter);
  }
  async countJobs(): Promise<Record<JobStatus, number>> { return jobs.countJobs(this.conn); }
  async unfinishedJobs(): Promise<UnfinishedJobs> { return jobs.unfinishedJobs(this.conn); }
  async retryJob(id: string): Promise<Job | null> { return inspection.retryJob(this.conn, id); }
  async browseMemories(filter: BrowseFilter): Promise<Page<Memory>> { return browseMemories(this.conn, filter); }
  async inspect(): Promise<StoreInspection> { return inspection.inspect(this.conn, this.path); }
  async timeline(opts: TimelineOptions): Promise<TimelineSlice> { return inspection.timeline(this.conn, opts); }

  async listAudit(opts?: { memoryId?: string; limit?: number; afterId?: number }): Promise<AuditEntry[]> {
    return audit.listAudit(this.conn, opts);
  }

  async lastAuditId(): Promise<number> { return audit.lastAuditId(this.conn); }
  async getMeta(key: string): Promise<string | null> { return audit.getMeta(this.conn, key); }
  async setMeta(key: string, value: string): Promise<void> { audit.setMeta(this.conn, key, value); }
  async deleteMeta(keys: string[]): Promise<void> { audit.deleteMeta(this.conn, keys); }
  async claimLease(key: string, holder: string, ttlMs: number): Promise<boolean> { return audit.claimLease(this.conn, key, holder, ttlMs); }
  async appendAccesses(entries: AccessEntry[], opts?: { enqueue?: NewJob[] }): Promise<void> {
    lifecycle.appendAccesses(this.conn, entries, opts?.enqueue, (before, after) => {
      this.counts.carry(before, after);
      this.memoryRows.carry(before, after);
    });
  }
  async foldAccesses(limit: number): Promise<{ folded: number; rehydrated: string[] }> {
    return lifecycle.foldAccesses(this.conn, limit, (before, after) => this.counts.carry(before, after));
  }
  async setTier(ids: string[], tier: MemoryTier): Promise<number> { return lifecycle.setTier(this.conn, ids, tier); }
  async setPinned(id: string, pinned: boolean): Promise<boolean> { return lifecycle.setPinned(this.conn, id, pinned); }
  async coldMemoryIds(): Promise<string[]> { return lifecycle.coldMemoryIds(this.conn); }
  async replaceArchive(entries: ArchiveEntry[]): Promise<void> { lifecycle.replaceArchive(this.conn, entries); }
  async archiveEntries(): Promise<ArchiveEntry[]> { return lifecycle.archiveEntries(this.conn); }
  /**
   * The archive index is read per recall through its word postings instead of loaded whole (a
   * server's recall threads each held a copy); a one-shot store (loadIndexes 'warm') reads
   * memories' tiers per id too, others keep the cold set and what the searches read of the
   * archive (its entries' term keys and word postings, not their members) until it changes.
   */
  async tierLookup(): Promise<TierLookup | null> {
    if (this.options.loadIndexes === 'warm') return sqliteTierLookup(this.conn);
    return sqliteTierLookup(this.conn, () => this.coldSet.current(this.conn), this.archiveCache);
  }
  async dump(): Promise<StoreDump> { return dumps.dump(this.conn); }
  async load(data: StoreDump, strategy: 'merge' | 'replace'): Promise<{ messages: number; memories: number }> {
    return dumps.load(this.conn, this.vectors, data, strategy);
  }

  writeGeneration(): string { return this.conn.writeGeneration(); }

  async close(): Promise<void> {
    if (!this.conn.db.open) return;
    await Promise.all([this.vectors.close(), this.text?.memories.close(), this.text?.messages.close()]);
    if (!this.conn.db.open) return;
    this.conn.close();
    this.options.onClose?.();
  }
}

function loadOn(loading: IndexLoading | undefined): 'search' | 'warm' {
  return loading === 'warm' || loading === 'background' ? 'warm' : 'search';
}

/** Opens (creating and migrating when needed) a store on one database file. */
export function openSqliteStore(path: string, profile: string, options?: SqliteStoreOptions): SqliteStore {
  return new SqliteStore(path, profile, options);
}

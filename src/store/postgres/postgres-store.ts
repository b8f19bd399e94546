import type { AuditEntry, Job, JobStatus, Memory, MemoryStatus, MemoryType, NewMemory, NewMessage, Scored, StoredMessage } from '../../types.js';
import type {
  InsertMessagesResult, MemoryFilter, MemorySearchOptions, MessageFilter, NewJob, Page, Store, StoreDump, TextQuery, UnfinishedJobs,
  VectorKind, VectorOwner, VectorRow, VectorSearchOptions, WriteMemoriesOptions, WriteMemoriesResult,
} from '../store.js';
import * as audit from './audit.js';
import * as lifecycle from './lifecycle.js';
import * as entities from './entities.js';
import type { EntityHit, EntityMention, EntitySummary } from '../entity-store.js';
import type { AccessEntry, ArchiveEntry } from '../lifecycle-store.js';
import type { MemoryTier } from '../../types.js';
import * as dumps from './dump.js';
import * as embeddingCache from './embedding-cache.js';
import * as forgetting from './forget.js';
import * as revise from './revise.js';
import * as jobs from './jobs.js';
import * as inspection from './inspect.js';
import { browseMemories } from './memory-browse.js';
import type { BrowseFilter, StoreInspection, TimelineOptions, TimelineSlice } from '../inspect-types.js';
import * as queries from './memory-queries.js';
import * as rows from './memory-rows.js';
import { writeMemories } from './memory-write.js';
import * as consolidation from './consolidation.js';
import * as working from './working-items.js';
import type { ConsolidationCommit, ConsolidationCommitResult, ConsolidationGroupRow, NewWorkingItem, WorkingItem, WorkingSessionEnd } from '../consolidation-store.js';
import type { SetStatusOptions } from '../status-transition.js';
import * as messages from './messages.js';
import type { QueryRunner, Tx } from './runner.js';
import type { VectorSupport } from './vector-support.js';
import { PgVectors } from './vectors.js';
import { termsMentioned } from './term-mentions.js';
import { topEntityMentions } from './entity-top.js';

/**
 * `Store` for one profile in a shared PostgreSQL database: every statement is scoped by the
 * `profile` column. Stateless apart from the exact-vector cache, so any number of stores (in any
 * number of processes and servers) can serve the same profile at once.
 */
export class PostgresStore implements Store {
  readonly backend = 'postgres';
  private readonly vectors: PgVectors;
  private closed = false;

  constructor(private readonly db: QueryRunner, readonly profile: string, support: VectorSupport, private readonly onClose?: () => void) {
    this.vectors = new PgVectors(db, profile, support);
  }

  private tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async insertMessages(list: NewMessage[], opts?: { enqueue?: NewJob[] }): Promise<InsertMessagesResult> {
    return this.tx((tx) => messages.insertMessages(tx, this.profile, list, opts?.enqueue));
  }
  async getMessages(ids: string[]): Promise<StoredMessage[]> { return messages.getMessages(this.db, this.profile, ids); }
  async knownMessageIds(ids: string[]): Promise<string[]> { return messages.knownMessageIds(this.db, this.profile, ids); }
  async listMessages(filter?: MessageFilter): Promise<StoredMessage[]> { return messages.listMessages(this.db, this.profile, filter); }
  async messageNeighbours(id: string, before: number, after: number): Promise<StoredMessage[]> {
    return messages.messageNeighbours(this.db, this.profile, id, before, after);
  }
  async messagesAround(ids: string[], before: number, after: number): Promise<StoredMessage[][]> {
    return messages.messagesAround(this.db, this.profile, ids, before, after);
  }
  async searchMessages(query: TextQuery, opts: { limit: number; sessionIds?: string[] }): Promise<Scored<StoredMessage>[]> {
    return messages.searchMessages(this.db, this.profile, query, opts);
  }
  async countMessages(): Promise<number> { return messages.countMessages(this.db, this.profile); }

  async writeMemories(list: NewMemory[], opts?: WriteMemoriesOptions): Promise<WriteMemoriesResult> {
    if (list.length === 0 && !opts?.enqueue?.length && !opts?.completeJob) return { written: [], skipped: [], superseded: [] };
    if (opts?.vectors?.length) await this.vectors.prepare(opts.vectors);
    const result = await this.tx((tx) => writeMemories(tx, this.profile, this.vectors, list, opts));
    if (opts?.indexEntities) await this.indexEntities().catch(() => undefined);
    return result;
  }
  async getMemory(id: string): Promise<Memory | null> { return rows.getMemory(this.db, this.profile, id); }
  async getMemories(ids: string[]): Promise<Memory[]> { return rows.getMemories(this.db, this.profile, ids); }
  async listMemories(filter: MemoryFilter): Promise<Page<Memory>> { return queries.listMemories(this.db, this.profile, filter); }
  async countMemories(filter?: Omit<MemoryFilter, 'limit' | 'cursor'>): Promise<number> {
    return queries.countMemories(this.db, this.profile, filter);
  }
  async searchMemories(query: TextQuery, opts: MemorySearchOptions): Promise<Scored<Memory>[]> {
    return queries.searchMemories(this.db, this.profile, query, opts);
  }
  async termsMentioned(terms: string[]): Promise<boolean[]> { return termsMentioned(this.db, this.profile, terms); }
  async hasDerivedMemories(): Promise<boolean> { return queries.hasDerivedMemories(this.db, this.profile); }
  async memoriesByTopicKeys(keys: string[], opts?: { types?: MemoryType[]; limit?: number }): Promise<Memory[]> {
    return queries.memoriesByTopicKeys(this.db, this.profile, keys, opts);
  }
  async history(topicKey: string): Promise<Memory[]> { return queries.history(this.db, this.profile, topicKey); }
  async topicKeys(prefix?: string, limit?: number): Promise<string[]> { return queries.topicKeys(this.db, this.profile, prefix, limit); }
  async forget(id: string, opts: { purge: boolean; reason?: string }): Promise<Memory | null> {
    return this.tx((tx) => forgetting.forget(tx, this.profile, this.vectors, id, opts));
  }
  async setStatus(id: string, status: MemoryStatus, reason?: string, opts?: SetStatusOptions): Promise<Memory | null> {
    return this.tx((tx) => forgetting.setStatus(tx, this.profile, this.vectors, id, status, reason, opts));
  }
  async reviseMemory(id: string, next: NewMemory, opts?: { enqueue?: NewJob[] }): Promise<Memory | null> {
    return this.tx((tx) => revise.reviseMemory(tx, this.profile, this.vectors, id, next, opts));
  }
  async consolidationGroups(keys: string[]): Promise<ConsolidationGroupRow[]> { return consolidation.consolidationGroups(this.db, this.profile, keys); }
  async topEntityMentions(weights: [string, number][], opts: { limit: number; kind?: EntityHit['kind'] }): Promise<EntityHit[]> {
    return topEntityMentions(this.db, this.profile, weights, opts.limit, opts.kind);
  }
  async entityMentions(names: string[], opts?: { limit?: number }): Promise<EntityMention[]> { return entities.entityMentions(this.db, this.profile, names, opts?.limit); }
  async entityCounts(names: string[], opts?: { atMost?: number }): Promise<Map<string, number>> { return entities.entityCounts(this.db, this.profile, names, opts?.atMost); }
  async indexEntities(): Promise<boolean> {
    await entities.catchUp(this.db, this.profile);
    return true;
  }
  async listEntities(opts?: { limit?: number }): Promise<EntitySummary[]> { return entities.listEntities(this.db, this.profile, opts?.limit); }
  async commitConsolidation(commits: ConsolidationCommit[], opts?: { enqueue?: NewJob[] }): Promise<ConsolidationCommitResult[]> {
    return this.tx(async (tx) => {
      const out: ConsolidationCommitResult[] = [];
      for (const c of commits) out.push(await consolidation.commitConsolidation(tx, this.profile, this.vectors, c));
      if (opts?.enqueue?.length && out.some((r) => r.outcome === 'written')) await jobs.insertJobs(tx, this.profile, opts.enqueue);
      return out;
    });
  }
  async putWorkingItems(items: NewWorkingItem[]): Promise<WorkingItem[]> { return working.putWorkingItems(this.db, this.profile, items); }
  async listWorkingItems(sessionId: string): Promise<WorkingItem[]> { return working.listWorkingItems(this.db, this.profile, sessionId); }
  async deleteWorkingItems(sessionId: string, ids?: string[]): Promise<number> { return working.deleteWorkingItems(this.db, this.profile, sessionId, ids); }
  async endWorkingSession(sessionId: string, consumed: WorkingItem[], promote: NewMemory[], opts?: { enqueue?: NewJob[] }): Promise<WorkingSessionEnd> {
    return this.tx((tx) => working.endWorkingSession(tx, this.profile, this.vectors, sessionId, consumed, promote, opts));
  }

  async upsertVectors(list: VectorRow[]): Promise<void> { await this.vectors.upsert(list); }
  async deleteVectors(owners: VectorOwner[]): Promise<void> { await this.tx((tx) => this.vectors.delete(tx, owners)); }
  async searchVectors(vector: Float32Array, opts: VectorSearchOptions): Promise<Scored<VectorOwner>[]> {
    return this.vectors.search(vector, opts);
  }
  async missingVectors(kind: VectorKind, limit: number): Promise<VectorOwner[]> { return this.vectors.missing(this.db, kind, limit); }
  async countVectors(kind?: VectorKind): Promise<number> { return this.vectors.count(this.db, kind); }
  async clearVectors(): Promise<void> { await this.tx((tx) => this.vectors.clear(tx)); }
  async getCachedEmbeddings(embedderId: string, textHashes: string[]): Promise<Map<string, Float32Array>> {
    return embeddingCache.getCached(this.db, this.profile, embedderId, textHashes);
  }
  async putCachedEmbeddings(embedderId: string, list: { textHash: string; vector: Float32Array }[]): Promise<void> {
    await embeddingCache.putCached(this.db, this.profile, embedderId, list);
  }

  async enqueueJobs(list: NewJob[]): Promise<Job[]> { return jobs.insertJobs(this.db, this.profile, list); }
  async claimJob(opts: { workerId: string; leaseMs: number; kinds?: string[] }): Promise<Job | null> {
    return this.tx((tx) => jobs.claimJob(tx, this.profile, opts));
  }
  async extendLease(id: string, workerId: string, leaseMs: number): Promise<boolean> {
    return jobs.extendLease(this.db, this.profile, id, workerId, leaseMs);
  }
  async completeJob(id: string, workerId: string): Promise<void> {
    await this.tx((tx) => jobs.completeJob(tx, this.profile, id, workerId));
  }
  async failJob(id: string, workerId: string, error: string, retryAt: Date): Promise<Job | null> {
    return this.tx((tx) => jobs.failJob(tx, this.profile, id, workerId, error, retryAt));
  }
  async getJob(id: string): Promise<Job | null> { return jobs.getJob(this.db, this.profile, id); }
  async listJobs(filter?: { status?: JobStatus; kind?: string; limit?: number }): Promise<Job[]> {
    return jobs.listJobs(this.db, this.profile, filter);
  }
  async countJobs(): Promise<Record<JobStatus, number>> { return jobs.countJobs(this.db, this.profile); }
  async unfinishedJobs(): Promise<UnfinishedJobs> { return jobs.unfinishedJobs(this.db, this.profile); }
  async retryJob(id: string): Promise<Job | null> { return inspection.retryJob(this.db, this.profile, id); }
  async browseMemories(filter: BrowseFilter): Promise<Page<Memory>> { return browseMemories(this.db, this.profile, filter); }
  async inspect(): Promise<StoreInspection> { return inspection.inspect(this.db, this.profile); }
  async timeline(opts: TimelineOptions): Promise<TimelineSlice> { return inspection.timeline(this.db, this.profile, opts); }

  async listAudit(opts?: { memoryId?: string; limit?: number; afterId?: number }): Promise<AuditEntry[]> {
    return audit.listAudit(this.db, this.profile, opts);
  }

  async lastAuditId(): Promise<number> { return audit.lastAuditId(this.db, this.profile); }
  async getMeta(key: string): Promise<string | null> { return audit.getMeta(this.db, this.profile, key); }
  async setMeta(key: string, value: string): Promise<void> { await audit.setMeta(this.db, this.profile, key, value); }
  async deleteMeta(keys: string[]): Promise<void> { await audit.deleteMeta(this.db, this.profile, keys); }
  async claimLease(key: string, holder: string, ttlMs: number): Promise<boolean> { return audit.claimLease(this.db, this.profile, key, holder, ttlMs); }
  async appendAccesses(entries: AccessEntry[], opts?: { enqueue?: NewJob[] }): Promise<void> {
    await this.tx((tx) => lifecycle.appendAccesses(tx, this.profile, entries, opts?.enqueue));
  }
  async foldAccesses(limit: number): Promise<{ folded: number; rehydrated: string[] }> { return this.tx((tx) => lifecycle.foldAccesses(tx, this.profile, limit)); }
  async setTier(ids: string[], tier: MemoryTier): Promise<number> { return this.tx((tx) => lifecycle.setTier(tx, this.profile, ids, tier)); }
  async setPinned(id: string, pinned: boolean): Promise<boolean> { return this.tx((tx) => lifecycle.setPinned(tx, this.profile, id, pinned)); }
  async coldMemoryIds(): Promise<string[]> { return lifecycle.coldMemoryIds(this.db, this.profile); }
  async replaceArchive(entries: ArchiveEntry[]): Promise<void> { await this.tx((tx) => lifecycle.replaceArchive(tx, this.profile, entries)); }
  async archiveEntries(): Promise<ArchiveEntry[]> { return lifecycle.archiveEntries(this.db, this.profile); }
  async dump(): Promise<StoreDump> { return dumps.dump(this.db, this.profile); }
  async load(data: StoreDump, strategy: 'merge' | 'replace'): Promise<{ messages: number; memories: number }> {
    return this.tx((tx) => dumps.load(tx, this.profile, this.vectors, data, strategy));
  }

  /** The connection belongs to the provider; closing a store only forgets its handle. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClose?.();
  }
}

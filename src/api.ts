/** The public shape of a profile: every adapter (CLI, HTTP, MCP) is written against this. */
import type { ConsolidateOptions } from './consolidation/options.js';
import type { ConsolidationResult } from './consolidation/profile-consolidation.js';
import type { IngestWorkingMemory } from './working-memory/at-ingest.js';
import type { WorkingSessionApi } from './working-memory/session.js';
import type { ContextOptions, ForgetOptions, IngestOptions, ListOptions, MessageInput, RecallOptions, RememberInput } from './schemas.js';
import type { ForgetWhereOptions, UpdateInput } from './schemas.js';
import type { ChangeEvent, EventsOptions } from './events/change-event.js';
import type { WebhookRegistry } from './webhooks/registry.js';
import type { BrowseOptions, JobListOptions, ProfileInspection, Provenance, TimelineQuery } from './inspect/index.js';
import type { Page, TimelineSlice } from './store/store.js';
import type { NoteInput, NoteResult } from './notes/note.js';
import type { TierReading } from './lifecycle/gate.js';
import type { LifecycleSettings, LifecycleSettingsInput } from './lifecycle/settings.js';
import type { TierOptions } from './lifecycle/tier-options.js';
import type { TieringResult } from './lifecycle/tiering.js';
import type { AuditEntry, Job, JobStatus, Memory, Redaction, StoredMessage } from './types.js';


export interface WarmOptions {
  /** Resolve once a first recall would be fast; the index loads go on in the background. */
  background?: boolean;
}

export interface ProfileApi {
  readonly name: string;
  ingest(messages: MessageInput[], opts?: IngestOptions): Promise<IngestResult>;
  remember(input: RememberInput): Promise<RememberResult>;
  recall(query: string, opts?: RecallOptions): Promise<RecallResult>;
  /**
   * `recall`'s result as JSON text (`timings` may come first): a server sends it without building
   * the object where the text already exists (a recall thread's answer, a reused result).
   */
  recallJson?(query: string, opts?: RecallOptions): Promise<string>;
  list(opts?: ListOptions): Promise<Page<Memory>>;
  get(id: string): Promise<Memory>;
  /** Moves memories to the cold tier and rebuilds the archive index (src/lifecycle/tiering.ts). */
  tier(opts?: TierOptions): Promise<TieringResult>;
  /** The lifecycle settings (half-lives, cold threshold); with a change, validates and stores it. */
  lifecycleSettings(change?: LifecycleSettingsInput): Promise<LifecycleSettings>;
  forget(id: string, opts?: ForgetOptions): Promise<Memory>;
  history(topicKey: string): Promise<Memory[]>;
  /** Marks a task done: it leaves recall, `list({ status: 'done' })` and the audit log keep it. */
  complete(id: string, opts?: { reason?: string }): Promise<Memory>;
  /** Appends an entry to the profile's timeline (an event memory; exported in timeline/YYYY-MM-DD.jsonl). */
  note(input: NoteInput): Promise<NoteResult>;
  context(opts?: ContextOptions): Promise<ContextBlock>;
  export(): Promise<ExportDocument>;
  import(doc: unknown, opts?: { strategy?: 'merge' | 'replace' }): Promise<ImportResult>;
  job(id: string): Promise<Job>;
  jobs(): Promise<Record<JobStatus, number>>;
  /** Runs queued jobs of this profile until none is due (tests, CLI `--wait`). */
  drain(): Promise<void>;
  stats(): Promise<ProfileStats>;
  /** Consolidation ("sleep", src/consolidation): merges near-duplicates, writes semantic memories and session summaries. */
  consolidate(opts?: ConsolidateOptions): Promise<ConsolidationResult>;
  /** A session's working memory (src/working-memory). */
  session(id: string): WorkingSessionApi;
  /**
   * Readies the profile for recall now rather than on the first recall (servers call it at start):
   * a discarded warm-up recall (code compiled, word vectors, topic keys and tiers read), then the
   * search indexes load. `{ background: true }` resolves once the warm-up recall is done and lets
   * the indexes load meanwhile (recall answers from the on-disk indexes until they are loaded).
   */
  warm(opts?: WarmOptions): Promise<void>;

  // ---- inspection (the web inspector's reads and repairs; see src/inspect) -----------------
  /** `list` with every filter (tier, tag, created range, full text) and any status by default. */
  browse(opts?: BrowseOptions): Promise<Page<Memory>>;
  /** Counts by type, status and tier, messages, size on disk, last write and jobs by status. */
  inspect(): Promise<ProfileInspection>;
  /** The memory's source messages, each with the turns around it in its conversation. */
  provenance(id: string): Promise<Provenance>;
  /** Events and messages bucketed under a date prefix, with the events and sessions in it. */
  timeline(opts?: TimelineQuery): Promise<TimelineSlice>;
  /** Jobs, oldest first, optionally of one status. */
  listJobs(opts?: JobListOptions): Promise<Job[]>;
  /** Queues a failed job again (attempts reset); `conflict` when it has not failed. */
  retryJob(id: string): Promise<Job>;

  // ---- update, scoped forget, change events (src/revise, src/filters, src/events, src/webhooks) ----
  /** A new version with the patched fields; the old one stays in its history, superseded by it. */
  update(id: string, patch: UpdateInput): Promise<UpdateResult>;
  /** Forgets every active memory matching the filter (at least one condition is required). */
  forgetWhere(opts: ForgetWhereOptions): Promise<ForgetWhereResult>;
  /** Change events after an event id, oldest first (the audit log read as events). */
  events(opts?: EventsOptions): Promise<ChangeEvent[]>;
  /** The profile's webhooks (registered, listed, removed; their delivery log). */
  webhooks(): WebhookRegistry;
}

export interface UpdateResult {
  /** The new version (a new id). */
  memory: Memory;
  /** The version it replaced, now superseded by `memory`. */
  previous: Memory;
  redactions: Redaction[];
}

export interface ForgetWhereResult {
  /** The ids forgotten (with `dryRun`: the ids that would be). */
  forgotten: string[];
  dryRun?: boolean;
}

export interface IngestResult {
  messageIds: string[];
  inserted: number;
  duplicates: number;
  /** The extraction job, or null when every message was already known. */
  jobId: string | null;
  redactions: Redaction[];
  /** Present with `wait: true`: memories extracted from this batch. */
  memories?: Memory[];
  /** Messages longer than LIMITS.maxContentChars, stored as parts (present when there were any). */
  split?: SplitMessage[];
  /** The batch's sessions had working items: the kept ones promoted, the rest dropped (present when there were any). */
  working?: IngestWorkingMemory;
}

export interface SplitMessage {
  /** Position of the message in the batch. */
  index: number;
  /** The id the whole message would have had; every part's metadata carries it under `split`. */
  messageId: string;
  /** Ids of the stored parts, in order (also in messageIds). */
  partIds: string[];
}

export interface RememberResult {
  memory: Memory;
  /** False when an identical active memory already existed (it is returned instead). */
  created: boolean;
  superseded: string[];
  redactions: Redaction[];
}

export interface ChannelHit {
  channel: RecallChannel;
  rank: number;
  score: number;
}

export type RecallChannel = 'fulltext' | 'topic_key' | 'messages' | 'vector' | 'hyde';

export interface RecalledMemory extends Memory {
  score: number;
  channels: ChannelHit[];
}

export interface RecalledMessage extends StoredMessage {
  score: number;
  channels: ChannelHit[];
}

export interface TemporalFact {
  /** Plain-language statement computed in code, e.g. "42 days between A and B". */
  statement: string;
  memoryIds: string[];
}

/** How recall read the question, so a harness can show why these results came back. */
export interface QueryReading {
  /** `overview` ("summarize how…"), `order` ("in what order did I…") or `lookup` (anything else). */
  kind: 'overview' | 'order' | 'set' | 'lookup';
  /** The words searched. */
  terms: string[];
  /** The time range the question names, resolved against the reference date. */
  timeRange: { start: string; end: string; text: string } | null;
  /** It asks when, how long or in what order. */
  temporal: boolean;
  /** It asks about earlier values, so superseded memories are included. */
  history: boolean;
  /** Which tiers recall searched (hot, archive, cold, messages) and why it stopped or escalated. */
  tiers?: TierReading;
}

export interface RecallResult {
  query: string;
  answer: string | null;
  confidence: number;
  abstained: boolean;
  memories: RecalledMemory[];
  messages: RecalledMessage[];
  temporal: TemporalFact[];
  reading: QueryReading;
  timings: Record<string, number>;
}

export interface ContextBlock {
  text: string;
  tokens: number;
  maxTokens: number;
  sections: { name: string; memoryIds: string[]; tokens: number }[];
}

export const EXPORT_FORMAT = 'mnemo-export';
export const EXPORT_VERSION = 1;

export interface ExportDocument {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  profile: string;
  exportedAt: string;
  messages: StoredMessage[];
  memories: Memory[];
  audit: AuditEntry[];
}

export interface ImportResult {
  messages: number;
  memories: number;
}

export interface ProfileStats {
  messages: number;
  memories: Record<string, number>;
  vectors: number;
  jobs: Record<JobStatus, number>;
  embedder: string | null;
}

/** What `openMemory` returns: a handle on a data directory or database with many profiles. */
export interface MnemoApi {
  /** Throws MnemoError('invalid_profile') for a bad name; opens the profile lazily. */
  profile(name: string): ProfileApi;
  listProfiles(): Promise<string[]>;
  close(): Promise<void>;
}

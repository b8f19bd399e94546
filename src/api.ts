/** The public shape of a profile: every adapter (CLI, HTTP, MCP) is written against this. */
import type { ContextOptions, ForgetOptions, IngestOptions, ListOptions, MessageInput, RecallOptions, RememberInput } from './schemas.js';
import type { Page } from './store/store.js';
import type { AuditEntry, Job, JobStatus, Memory, Redaction, StoredMessage } from './types.js';

export interface ProfileApi {
  readonly name: string;
  ingest(messages: MessageInput[], opts?: IngestOptions): Promise<IngestResult>;
  remember(input: RememberInput): Promise<RememberResult>;
  recall(query: string, opts?: RecallOptions): Promise<RecallResult>;
  list(opts?: ListOptions): Promise<Page<Memory>>;
  get(id: string): Promise<Memory>;
  forget(id: string, opts?: ForgetOptions): Promise<Memory>;
  history(topicKey: string): Promise<Memory[]>;
  context(opts?: ContextOptions): Promise<ContextBlock>;
  export(): Promise<ExportDocument>;
  import(doc: unknown, opts?: { strategy?: 'merge' | 'replace' }): Promise<ImportResult>;
  job(id: string): Promise<Job>;
  jobs(): Promise<Record<JobStatus, number>>;
  /** Runs queued jobs of this profile until none is due (tests, CLI `--wait`). */
  drain(): Promise<void>;
  stats(): Promise<ProfileStats>;
  /** Loads the profile's search indexes now rather than on the first recall (servers call it at start). */
  warm(): Promise<void>;
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
  kind: 'overview' | 'order' | 'lookup';
  /** The words searched. */
  terms: string[];
  /** The time range the question names, resolved against the reference date. */
  timeRange: { start: string; end: string; text: string } | null;
  /** It asks when, how long or in what order. */
  temporal: boolean;
  /** It asks about earlier values, so superseded memories are included. */
  history: boolean;
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

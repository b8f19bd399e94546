/**
 * Response shapes for the OpenAPI document. Each is checked at compile time against the
 * TypeScript type the library returns, so the document cannot drift from the code.
 */
import { z } from 'zod';
import type { ContextBlock, ImportResult, IngestResult, RecallResult, RememberResult } from '../api.js';
import { attachmentSchema } from '../attachments/schema.js';
import { ERROR_CODES } from '../errors.js';
import { memoryStatusSchema, memoryTypeSchema } from '../schemas.js';
import type { Job, Memory, StoredMessage } from '../types.js';
import type { ProfileInspection, Provenance } from '../inspect/index.js';
import type { TimelineSlice } from '../store/store.js';
import { MEMORY_TIERS, ROLES } from '../types.js';

const iso = z.string().describe('ISO-8601 time');
const nullable = <T extends z.ZodType>(s: T) => s.nullable();

export const memorySchema = z.object({
  id: z.string(),
  type: memoryTypeSchema,
  content: z.string(),
  topicKey: nullable(z.string()),
  eventTime: nullable(iso),
  sessionId: nullable(z.string()),
  sourceMessageIds: z.array(z.string()),
  queries: z.array(z.string()),
  tags: z.array(z.string()),
  importance: z.number(),
  status: memoryStatusSchema,
  supersededBy: nullable(z.string()),
  createdAt: iso,
  updatedAt: iso,
  tier: z.enum(MEMORY_TIERS),
  accessCount: z.number(),
  lastAccessedAt: nullable(iso),
  pinned: z.boolean(),
  halfLifeDays: nullable(z.number()),
  salience: z.number().optional().describe('computed: importance × use × age (see README, Lifecycle)'),
  metadata: z.record(z.string(), z.unknown()).describe('caller JSON, filterable with metadata.<key>'),
  userId: nullable(z.string()),
  agentId: nullable(z.string()),
  runId: nullable(z.string()),
  expiresAt: nullable(iso).describe('tasks: when the task lapses (it leaves recall then; list keeps it)'),
  attachment: nullable(attachmentSchema).describe('perceptual memory: the image, file or URL it points to (never its bytes)'),
  derivedFrom: z.array(z.string()).describe('consolidation: the memories this one was merged or gathered from (empty for extracted ones)'),
}) satisfies z.ZodType<Memory>;

export const messageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  role: z.enum(ROLES),
  content: z.string(),
  timestamp: nullable(iso),
  metadata: nullable(z.record(z.string(), z.unknown())),
  seq: z.number(),
  createdAt: iso,
}) satisfies z.ZodType<StoredMessage>;

const redactionSchema = z.object({ kind: z.string(), hint: z.string() });
const channelHit = z.object({ channel: z.enum(['fulltext', 'topic_key', 'messages', 'vector', 'hyde']), rank: z.number(), score: z.number() });
const scored = { score: z.number(), channels: z.array(channelHit) };

export const recallResultSchema = z.object({
  query: z.string(),
  answer: nullable(z.string()),
  confidence: z.number(),
  abstained: z.boolean(),
  memories: z.array(memorySchema.extend(scored)),
  messages: z.array(messageSchema.extend(scored)),
  temporal: z.array(z.object({ statement: z.string(), memoryIds: z.array(z.string()) })),
  reading: z.object({
    kind: z.enum(['overview', 'order', 'set', 'lookup']),
    terms: z.array(z.string()),
    timeRange: nullable(z.object({ start: z.string(), end: z.string(), text: z.string() })),
    temporal: z.boolean(),
    history: z.boolean(),
    tiers: z.object({ searched: z.array(z.enum(['hot', 'archive', 'cold', 'messages'])), why: z.array(z.string()) }).optional()
      .describe('which tiers recall searched and why it stopped or escalated'),
  }),
  timings: z.record(z.string(), z.number()),
}) satisfies z.ZodType<RecallResult>;

export const ingestResultSchema = z.object({
  messageIds: z.array(z.string()),
  inserted: z.number(),
  duplicates: z.number(),
  jobId: nullable(z.string()),
  redactions: z.array(redactionSchema),
  memories: z.array(memorySchema).optional(),
  split: z.array(z.object({ index: z.number(), messageId: z.string(), partIds: z.array(z.string()) })).optional()
    .describe('Messages longer than the content limit, stored as parts that keep their metadata'),
  working: z.object({ promoted: z.array(z.string()), dropped: z.number() }).optional()
    .describe("The sessions' working items settled by this ingest: kept ones promoted to memories (ids), the rest dropped"),
}) satisfies z.ZodType<IngestResult>;

export const rememberResultSchema = z.object({
  memory: memorySchema,
  created: z.boolean(),
  superseded: z.array(z.string()),
  redactions: z.array(redactionSchema),
}) satisfies z.ZodType<RememberResult>;

export const tieringResultSchema = z.object({ scanned: z.number(), cooled: z.number(), cold: z.number(), archiveEntries: z.number(), agedTo: z.string() });

export const memoryPageSchema = z.object({ items: z.array(memorySchema), nextCursor: nullable(z.string()) });
export const memoryListSchema = z.object({ items: z.array(memorySchema) });

export const contextBlockSchema = z.object({
  text: z.string(),
  tokens: z.number(),
  maxTokens: z.number(),
  sections: z.array(z.object({ name: z.string(), memoryIds: z.array(z.string()), tokens: z.number() })),
}) satisfies z.ZodType<ContextBlock>;

export const importResultSchema = z.object({ messages: z.number(), memories: z.number() }) satisfies z.ZodType<ImportResult>;

const jobStatus = z.enum(['pending', 'running', 'done', 'failed']);
export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: jobStatus,
  attempts: z.number(),
  maxAttempts: z.number(),
  runAt: iso,
  lockedBy: nullable(z.string()),
  lockedUntil: nullable(iso),
  lastError: nullable(z.string()),
  createdAt: iso,
  updatedAt: iso,
}) satisfies z.ZodType<Job>;
export const jobCountsSchema = z.record(jobStatus, z.number());

export const exportDocumentSchema = z.looseObject({
  format: z.literal('mnemo-export'),
  version: z.literal(1),
  profile: z.string(),
  exportedAt: iso,
  messages: z.array(messageSchema),
  memories: z.array(memorySchema),
  audit: z.array(z.record(z.string(), z.unknown())),
});

export const profilesSchema = z.object({ profiles: z.array(z.string()) });
export const statsSchema = z.object({
  messages: z.number(),
  memories: z.record(z.string(), z.number()),
  vectors: z.number(),
  jobs: jobCountsSchema,
  embedder: nullable(z.string()),
});

export const inspectionSchema = z.object({
  profile: z.string(),
  memories: z.object({
    total: z.number(),
    byType: z.record(z.string(), z.number()),
    byStatus: z.record(z.string(), z.number()),
    byTier: z.record(z.string(), z.number()),
  }),
  messages: z.number(),
  sizeBytes: nullable(z.number()),
  lastWriteAt: nullable(iso),
  jobs: jobCountsSchema,
}) satisfies z.ZodType<ProfileInspection>;
export const provenanceSchema = z.object({
  memoryId: z.string(),
  sources: z.array(z.object({ messageId: z.string(), found: z.boolean(), context: z.array(messageSchema) })),
}) satisfies z.ZodType<Provenance>;
export const timelineSchema = z.object({
  buckets: z.array(z.object({ key: z.string(), events: z.number(), messages: z.number() })),
  events: z.array(memorySchema),
  sessions: z.array(z.object({ sessionId: z.string(), first: z.string(), last: z.string(), messages: z.number() })),
}) satisfies z.ZodType<TimelineSlice>;
export const jobListSchema = z.object({ items: z.array(jobSchema) });

export const errorSchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), requestId: z.string().optional() }),
});

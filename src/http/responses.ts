/**
 * Response shapes for the OpenAPI document. Each is checked at compile time against the
 * TypeScript type the library returns, so the document cannot drift from the code.
 */
import { z } from 'zod';
import type { ContextBlock, ImportResult, IngestResult, RecallResult, RememberResult } from '../api.js';
import { ERROR_CODES } from '../errors.js';
import { memoryStatusSchema, memoryTypeSchema } from '../schemas.js';
import type { Job, Memory, StoredMessage } from '../types.js';
import { ROLES } from '../types.js';

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
    kind: z.enum(['overview', 'order', 'lookup']),
    terms: z.array(z.string()),
    timeRange: nullable(z.object({ start: z.string(), end: z.string(), text: z.string() })),
    temporal: z.boolean(),
    history: z.boolean(),
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
}) satisfies z.ZodType<IngestResult>;

export const rememberResultSchema = z.object({
  memory: memorySchema,
  created: z.boolean(),
  superseded: z.array(z.string()),
  redactions: z.array(redactionSchema),
}) satisfies z.ZodType<RememberResult>;

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

export const errorSchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), requestId: z.string().optional() }),
});

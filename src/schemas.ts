/** zod schemas for every operation's input: the library, CLI, HTTP and MCP all validate with these. */
import { z } from 'zod';
import { MAX_ATTACHMENTS, attachmentInputSchema } from './attachments/schema.js';
import { redactSecrets } from './ingest/secrets.js';
import { LIMITS } from './limits.js';
import { MEMORY_STATUSES, MEMORY_TYPES, ROLES } from './types.js';
import { agentIdSchema, runIdSchema, scopeFilterShape, userIdSchema } from './filters/scope-options.js';

export const PROFILE_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;

export const profileNameSchema = z
  .string()
  .regex(PROFILE_NAME, 'profile name must match [a-z0-9][a-z0-9._-]{0,99}')
  .refine((s) => !s.includes('..'), 'profile name must not contain ".."');

const nonBlank = (what: string, max: number) =>
  z
    .string({ error: `${what} must be a string` })
    .max(max, `${what} is longer than ${max} characters`)
    .refine((s) => s.trim().length > 0, `${what} is empty`);

export const contentSchema = nonBlank('content', LIMITS.maxContentChars);
export const sessionIdSchema = nonBlank('sessionId', LIMITS.maxIdChars);
export const topicKeySchema = z
  .string()
  .max(LIMITS.maxIdChars)
  .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/, 'topicKey must be dotted lowercase words, e.g. user.package_manager');

/** Accepts an ISO string, a Date or epoch milliseconds; yields an ISO string. */
export const timestampSchema = z
  .union([z.string(), z.number(), z.date()])
  .transform((v, ctx) => {
    const d = v instanceof Date ? v : new Date(v);
    if (Number.isNaN(d.getTime())) {
      // Echo a bounded, redacted copy: errors reach logs, and a pasted secret must not.
      ctx.addIssue({ code: 'custom', message: `invalid timestamp: ${redactSecrets(String(v)).text.slice(0, 80)}` });
      return z.NEVER;
    }
    return d.toISOString();
  });

export const metadataSchema = z
  .record(z.string(), z.unknown())
  .refine((m) => JSON.stringify(m).length <= LIMITS.maxMetadataBytes, `metadata is larger than ${LIMITS.maxMetadataBytes} bytes`);

export const messageInputSchema = z.object({
  role: z.enum(ROLES),
  /** Up to the whole batch's limit: a message past maxContentChars is stored as parts. */
  content: nonBlank('content', LIMITS.maxIngestChars),
  sessionId: sessionIdSchema.optional(),
  timestamp: timestampSchema.optional(),
  metadata: metadataSchema.optional(),
  /** Images, files or URLs the message carried, each with a caption or alt text (kept as pointers). */
  attachments: z.array(attachmentInputSchema).max(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments per message`).optional(),
});
export type MessageInput = z.input<typeof messageInputSchema>;

export const ingestOptionsSchema = z.object({
  sessionId: sessionIdSchema.optional(),
  timestamp: timestampSchema.optional(),
  /** Wait until extraction (and vectorization) of this batch has finished. */
  wait: z.boolean().optional(),
  /** Scope and metadata of every memory extracted from this batch. */
  userId: userIdSchema.optional(),
  agentId: agentIdSchema.optional(),
  runId: runIdSchema.optional(),
  metadata: metadataSchema.optional(),
});
export type IngestOptions = z.input<typeof ingestOptionsSchema>;

export const ingestInputSchema = z
  .array(messageInputSchema)
  .min(1, 'no messages to ingest')
  .max(LIMITS.maxMessagesPerIngest, `at most ${LIMITS.maxMessagesPerIngest} messages per ingest call`)
  .refine(
    (ms) => ms.reduce((n, m) => n + m.content.length, 0) <= LIMITS.maxIngestChars,
    `at most ${LIMITS.maxIngestChars} characters of content per ingest call`,
  );

export const memoryTypeSchema = z.enum(MEMORY_TYPES);
export const memoryStatusSchema = z.enum(MEMORY_STATUSES);

export const rememberInputSchema = z.object({
  content: contentSchema,
  sessionId: sessionIdSchema.optional(),
  type: memoryTypeSchema.optional(),
  topicKey: topicKeySchema.optional(),
  eventTime: timestampSchema.optional(),
  tags: z.array(z.string().min(1).max(LIMITS.maxIdChars)).max(LIMITS.maxTags).optional(),
  importance: z.number().min(0).max(1).optional(),
  /** Keeps full salience: never decays, never goes cold (see src/lifecycle/salience.ts). */
  pinned: z.boolean().optional(),
  metadata: metadataSchema.optional(),
  userId: userIdSchema.optional(),
  agentId: agentIdSchema.optional(),
  runId: runIdSchema.optional(),
  /** Tasks: when the task lapses (it leaves recall then; list keeps it). Implies type task. */
  expiresAt: timestampSchema.optional(),
  /** Makes this a perceptual memory pointing to an image, file or URL (never its bytes). */
  attachment: attachmentInputSchema.optional(),
});
export type RememberInput = z.input<typeof rememberInputSchema>;

const limitSchema = z.number().int().min(1).max(LIMITS.maxLimit);

export const recallOptionsSchema = z.object({
  limit: limitSchema.default(10),
  types: z.array(memoryTypeSchema).optional(),
  sessionId: sessionIdSchema.optional(),
  referenceDate: timestampSchema.optional(),
  synthesize: z.boolean().default(true),
  /** Include superseded memories (history questions). */
  includeSuperseded: z.boolean().default(false),
  /** `auto`: hot tier and archive first, escalating on low confidence; `all`: every tier at once. */
  tiers: z.enum(['auto', 'all'], { error: 'tiers must be "auto" or "all"' }).default('auto'),
  ...scopeFilterShape,
});
export type RecallOptions = z.input<typeof recallOptionsSchema>;

export const querySchema = nonBlank('query', LIMITS.maxQueryChars);

export const listOptionsSchema = z.object({
  type: z.union([memoryTypeSchema, z.array(memoryTypeSchema)]).optional(),
  status: z.union([memoryStatusSchema, z.array(memoryStatusSchema)]).optional(),
  sessionId: sessionIdSchema.optional(),
  topicKey: topicKeySchema.optional(),
  limit: limitSchema.default(50),
  cursor: z.string().max(500).optional(),
  /** `created` (newest first, the default) or `salience` (most salient first). */
  sort: z.enum(['created', 'salience'], { error: 'sort must be "created" or "salience"' }).optional(),
  ...scopeFilterShape,
});
export type ListOptions = z.input<typeof listOptionsSchema>;

export const forgetOptionsSchema = z.object({
  purge: z.boolean().default(false),
  reason: z.string().max(1000).optional(),
});
export type ForgetOptions = z.input<typeof forgetOptionsSchema>;

/** Forget every active memory matching a filter (at least one condition). */
export const forgetWhereSchema = forgetOptionsSchema.extend(scopeFilterShape).extend({
  /** Forget at most this many (oldest matches are not preferred: listing order). */
  limit: z.number().int().min(1).max(100_000).optional(),
  /** Only report the ids that would be forgotten; change nothing. */
  dryRun: z.boolean().default(false),
});
export type ForgetWhereOptions = z.input<typeof forgetWhereSchema>;

/** A partial update: the new version replaces the old one, which stays in its history (superseded). */
export const updateInputSchema = z
  .object({
    content: contentSchema.optional(),
    type: memoryTypeSchema.optional(),
    tags: z.array(z.string().min(1).max(LIMITS.maxIdChars)).max(LIMITS.maxTags).optional(),
    metadata: metadataSchema.optional().describe('replaces the whole metadata object'),
    pinned: z.boolean().optional().describe('true: never fades or goes cold; alone it changes the memory in place, without a new version'),
  })
  .strict()
  .refine((u) => Object.values(u).some((v) => v !== undefined), 'nothing to update: give content, type, tags, metadata or pinned');
export type UpdateInput = z.input<typeof updateInputSchema>;

export const memoryIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'memory id must be 32 hex characters');

export const contextOptionsSchema = z.object({
  query: z.string().max(LIMITS.maxQueryChars).optional(),
  maxTokens: z.number().int().min(50).max(100_000).default(1500),
  /** Show this session's working memory (src/working-memory). */
  sessionId: sessionIdSchema.optional(),
});
export type ContextOptions = z.input<typeof contextOptionsSchema>;

export const importOptionsSchema = z.object({
  strategy: z.enum(['merge', 'replace']).default('merge'),
});

/** zod schemas for the inspection operations (browse, timeline, job list). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { memoryStatusSchema, memoryTypeSchema, sessionIdSchema, timestampSchema, topicKeySchema } from '../schemas.js';
import { MEMORY_TIERS } from '../types.js';

export const browseOptionsSchema = z.object({
  type: z.union([memoryTypeSchema, z.array(memoryTypeSchema)]).optional(),
  status: z.union([memoryStatusSchema, z.array(memoryStatusSchema)]).optional(),
  tier: z.enum(MEMORY_TIERS).optional(),
  tag: z.string().min(1).max(LIMITS.maxIdChars).optional(),
  sessionId: sessionIdSchema.optional(),
  topicKey: topicKeySchema.optional(),
  /** Created at or after this time. */
  from: timestampSchema.optional(),
  /** Created before this time. */
  to: timestampSchema.optional(),
  /** Full-text filter: every word must match the content, question forms or tags. */
  q: z.string().max(LIMITS.maxQueryChars).optional(),
  limit: z.number().int().min(1).max(LIMITS.maxLimit).default(50),
  cursor: z.string().max(500).optional(),
});
export type BrowseOptions = z.input<typeof browseOptionsSchema>;

export const timelineOptionsSchema = z.object({
  /** '' (years), 'YYYY' (months of a year), 'YYYY-MM' (days of a month) or 'YYYY-MM-DD' (hours of a day). */
  prefix: z.string().regex(/^(\d{4}(-\d{2}(-\d{2})?)?)?$/, 'prefix must be empty, YYYY, YYYY-MM or YYYY-MM-DD').default(''),
  limit: z.number().int().min(1).max(1000).default(200),
});
export type TimelineQuery = z.input<typeof timelineOptionsSchema>;

export const jobListOptionsSchema = z.object({
  status: z.enum(['pending', 'running', 'done', 'failed']).optional(),
  limit: z.number().int().min(1).max(1000).default(100),
});
export type JobListOptions = z.input<typeof jobListOptionsSchema>;

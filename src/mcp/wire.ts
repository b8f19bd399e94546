/**
 * Tool input schemas: the shared schemas from src/schemas.ts, with timestamps narrowed to what
 * JSON can carry (the shared timestampSchema also accepts a Date, which JSON Schema cannot
 * describe) and with descriptions a model can act on.
 */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  forgetOptionsSchema,
  ingestOptionsSchema,
  listOptionsSchema,
  memoryIdSchema,
  memoryStatusSchema,
  messageInputSchema,
  querySchema,
  recallOptionsSchema,
  rememberInputSchema,
  timestampSchema,
} from '../schemas.js';

const jsonTimestamp = timestampSchema as unknown as z.ZodType<string, string | number>;
const time = (what: string) =>
  z.union([z.string(), z.number()]).pipe(jsonTimestamp).optional().describe(`${what}: ISO-8601 date/time or epoch milliseconds`);

export const recallArgs = recallOptionsSchema.extend({
  query: querySchema.describe('The question or topic to look up, in natural language, e.g. "which package manager does the user prefer?"'),
  referenceDate: time('What "now" is for relative time questions (default: the current time)'),
  tiers: recallOptionsSchema.shape.tiers.describe('auto (default): recent and used memories first, older ones only when unsure; all: search everything at once'),
});

export const rememberArgs = rememberInputSchema.extend({
  content: rememberInputSchema.shape.content.describe('One self-contained statement, e.g. "The user prefers pnpm over npm."'),
  eventTime: time('When an event happened'),
  expiresAt: time('Tasks: when the task lapses (makes the memory a task)'),
  pinned: rememberInputSchema.shape.pinned.describe('true: the memory never fades or goes cold (for what must always be remembered)'),
});

export const forgetArgs = forgetOptionsSchema.extend({
  id: memoryIdSchema.describe('The id of the memory to forget, as returned by recall, list or remember'),
});

export const listArgs = listOptionsSchema.extend({
  status: z
    .union([memoryStatusSchema, z.array(memoryStatusSchema)])
    .default('active')
    .describe('active (default), superseded, forgotten or done; or a list of them'),
});

const wireMessage = messageInputSchema.extend({ timestamp: time('When the message was said') });
export const ingestArgs = ingestOptionsSchema.extend({
  messages: z
    .array(wireMessage)
    .min(1, 'no messages to ingest')
    .max(LIMITS.maxMessagesPerIngest, `at most ${LIMITS.maxMessagesPerIngest} messages per call`)
    .describe('Conversation turns in order: {role: "user"|"assistant"|"system"|"tool", content}'),
  timestamp: time('Default time of messages without one'),
});

import { z } from 'zod';
import { MEMORY_TYPES } from '../../types.js';

/** What the model returns per chunk: candidates already verified and classified. Strict-mode friendly. */
export const candidateSchema = z.object({
  type: z.enum(MEMORY_TYPES),
  content: z.string(),
  topicKey: z.string().nullable(),
  eventTime: z.string().nullable(),
  lines: z.array(z.number()),
  questions: z.array(z.string()),
  importance: z.number(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const chunkOutputSchema = z.object({ memories: z.array(candidateSchema) });
export type ChunkOutput = z.infer<typeof chunkOutputSchema>;

const lineNumber = z.union([z.number(), z.string().transform((s) => Number.parseInt(s.replace(/^L/i, ''), 10))]);

/** Accepts the usual small-model deviations: missing optional fields, "L12" line refs, string numbers. */
const lenientCandidateSchema = z.object({
  type: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase().trim() : v), z.enum(MEMORY_TYPES)),
  content: z.string().min(1),
  topicKey: z.string().nullable().optional().catch(null),
  eventTime: z.string().nullable().optional().catch(null),
  lines: z.array(lineNumber).catch([]),
  questions: z.array(z.string()).catch([]),
  importance: z.coerce.number().catch(0.5),
});

/** Keeps every valid candidate of a malformed answer instead of losing the whole chunk. */
export function salvageChunkOutput(raw: unknown): ChunkOutput | undefined {
  const list = Array.isArray(raw) ? raw : (raw as { memories?: unknown } | null)?.memories;
  if (!Array.isArray(list)) return undefined;
  const memories: Candidate[] = [];
  for (const item of list) {
    const parsed = lenientCandidateSchema.safeParse(item);
    if (!parsed.success) continue;
    const c = parsed.data;
    memories.push({
      type: c.type,
      content: c.content,
      topicKey: c.topicKey ?? null,
      eventTime: c.eventTime ?? null,
      lines: c.lines.filter((n) => Number.isFinite(n)),
      questions: c.questions,
      importance: c.importance,
    });
  }
  return { memories };
}

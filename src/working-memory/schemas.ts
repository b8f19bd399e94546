import { z } from 'zod';
import { contentSchema, memoryTypeSchema } from '../schemas.js';

/** One scratch item of a session's working set. */
export const workingItemInputSchema = z
  .object({
    content: contentSchema,
    type: memoryTypeSchema.optional(),
    /** Promote it to a long-term memory when the session ends (default: drop it). */
    keep: z.boolean().optional(),
    /** Give an id to update the item later; otherwise one is derived from the content. */
    id: z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'id must be 1-100 of A-Z a-z 0-9 . _ : -').optional(),
  })
  .strict();
export type WorkingItemInput = z.input<typeof workingItemInputSchema>;

export const endSessionOptionsSchema = z
  .object({
    /** `kept` (default): promote items marked keep, drop the rest; `all`; or `none` (drop everything). */
    promote: z.enum(['kept', 'all', 'none']).default('kept'),
  })
  .strict();
export type EndSessionOptions = z.input<typeof endSessionOptionsSchema>;

import { z } from 'zod';
import { updateInputSchema, memoryIdSchema } from '../schemas.js';

const patch = updateInputSchema.shape;

/** The update tool's input: the id and the fields to change (at least one; the library says so otherwise). */
export const updateArgs = z.object({
  id: memoryIdSchema.describe('The id of the memory to update, as returned by recall, list or remember'),
  content: patch.content.describe('The corrected statement, self-contained, e.g. "The user now prefers bun."'),
  type: patch.type.describe('fact, instruction, event or task'),
  tags: patch.tags,
  metadata: patch.metadata,
  pinned: patch.pinned.describe('true keeps the memory at full salience and out of the cold tier (the user says it always matters); false lets it fade'),
});

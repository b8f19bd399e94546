/**
 * `note()`: a timestamped entry appended to the profile's timeline, the way an agent keeps a
 * running log ("deployed v2.3", "user asked for a summary"). It is stored as an event memory
 * (so recall, context and exports see it) without classification, and it is rendered as one
 * JSON line of `timeline/YYYY-MM-DD.jsonl` in Markdown exports.
 */
import { z } from 'zod';
import { hashId } from '../ids.js';
import { EMBED_JOB } from '../jobs/kinds.js';
import { DEFAULT_SESSION } from '../ingest/prepare-messages.js';
import { redactMetadata } from '../ingest/redact-json.js';
import { redactSecrets } from '../ingest/secrets.js';
import { timelineEntry } from '../interop/markdown/timeline.js';
import { contentSchema, metadataSchema, sessionIdSchema, timestampSchema } from '../schemas.js';
import type { Store } from '../store/store.js';
import type { Memory, NewMemory, Redaction } from '../types.js';
import { parseInput } from '../validation.js';

export const noteInputSchema = z.object({
  text: contentSchema,
  /** What kind of entry, e.g. `deploy`, `decision` (default `note`). */
  kind: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'kind must be a short lowercase word such as deploy or decision').default('note'),
  /** Structured details kept with the entry and written to its JSON line. */
  data: metadataSchema.optional(),
  at: timestampSchema.optional(),
  sessionId: sessionIdSchema.optional(),
});
export type NoteInput = z.input<typeof noteInputSchema>;

export interface NoteResult {
  memory: Memory;
  /** False when the same entry (kind, text, time) was already on the timeline. */
  created: boolean;
  /** The entry's line in `timeline/YYYY-MM-DD.jsonl`. */
  line: string;
  redactions: Redaction[];
}

export const NOTE_TAG = 'note';

export async function writeNote(store: Store, input: NoteInput, kick: () => void): Promise<NoteResult> {
  const n = parseInput(noteInputSchema, input, 'note');
  const { text, redactions } = redactSecrets(n.text.trim());
  const data = redactMetadata(n.data, redactions, 'note data');
  const at = n.at ?? new Date().toISOString();
  const memory: NewMemory = {
    id: hashId('note', n.kind, text, at),
    type: 'event',
    content: text,
    topicKey: null,
    eventTime: at,
    sessionId: n.sessionId ?? DEFAULT_SESSION,
    sourceMessageIds: [],
    queries: [`What happened on ${at.slice(0, 10)}?`, `When was the ${n.kind} logged?`],
    tags: [NOTE_TAG, n.kind],
    importance: 0.5,
    metadata: { noteKind: n.kind, ...(data ? { noteData: data } : {}) },
    createdAt: at,
    updatedAt: at,
  };
  const res = await store.writeMemories([memory], { enqueue: [{ kind: EMBED_JOB, payload: { memoryIds: [memory.id] } }], actor: 'note' });
  kick();
  const stored = res.written[0] ?? (await store.getMemory(res.skipped[0]?.existingId ?? memory.id));
  if (!stored) throw new Error('note wrote nothing and found no existing entry');
  return { memory: stored, created: res.written.length > 0, line: JSON.stringify(timelineEntry(stored)), redactions };
}

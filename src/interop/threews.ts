/**
 * The single-document export of three.ws agent memory (`version: "memory/0.1"`): `files` maps
 * file names to Markdown memory files (YAML frontmatter, read like a Markdown folder, so
 * `important` pins and `decay` is kept) and `timeline` holds `{ ts, type, ...data }` entries
 * written by its `note()`, which become mnemo notes. Export writes the same shape back.
 */
import { z } from 'zod';
import type { ProfileApi } from '../api.js';
import { MnemoError } from '../errors.js';
import { hashId } from '../ids.js';
import type { Memory } from '../types.js';
import { renderMarkdownExport } from './markdown/export.js';
import { rejectFileErrors } from './markdown/import.js';
import { parseMemoryFile } from './markdown/parse-file.js';
import type { FileError } from './parsed-memory.js';
import { toMemory } from './to-memory.js';
import { type MemoryImportResult, importMemories } from './write-memories.js';

export const THREEWS_VERSION = 'memory/0.1';

const entrySchema = z.object({ ts: z.string(), type: z.string().optional() }).catchall(z.unknown());
const blobSchema = z.object({
  version: z.literal(THREEWS_VERSION, { error: `version must be "${THREEWS_VERSION}"` }),
  index: z.string().optional(),
  files: z.record(z.string(), z.string()).default({}),
  timeline: z.array(entrySchema).default([]),
});
export type ThreeWsBlob = z.input<typeof blobSchema>;

/** Text of a timeline entry: its `text`/`content`/`message`, else its data as JSON. */
function entryText(entry: Record<string, unknown>): string {
  for (const k of ['text', 'content', 'message', 'summary']) if (typeof entry[k] === 'string' && entry[k]) return entry[k] as string;
  const { ts: _ts, type: _type, ...data } = entry;
  return JSON.stringify(data);
}

export async function importThreeWs(profile: ProfileApi, input: unknown): Promise<MemoryImportResult & { files: number; notes: number }> {
  const parsed = blobSchema.safeParse(input);
  if (!parsed.success) throw new MnemoError('invalid_input', `not a three.ws memory export: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
  const blob = parsed.data;
  const now = new Date().toISOString();
  const errors: FileError[] = [];
  const memories: Memory[] = [];
  for (const [file, raw] of Object.entries(blob.files)) {
    if (file === 'MEMORY.md') continue;
    try {
      memories.push(toMemory(parseMemoryFile(raw, file, now)));
    } catch (err) {
      errors.push({ file, message: (err as Error).message });
    }
  }
  blob.timeline.forEach((e, i) => {
    if (Number.isNaN(Date.parse(e.ts))) errors.push({ file: `timeline[${i}]`, message: `"ts" is not a time: ${JSON.stringify(e.ts)}` });
  });
  rejectFileErrors(errors, 'cannot import the three.ws export');
  const notes = blob.timeline.map((e) => noteMemory(e));
  const res = await importMemories(profile, [...memories, ...notes], { source: 'three.ws' });
  return { ...res, files: memories.length, notes: notes.length };
}

function noteMemory(e: z.output<typeof entrySchema>): Memory {
  const { ts, type, text: _text, ...data } = e;
  const kind = (type ?? 'note').toLowerCase().replace(/[^a-z0-9_.-]+/g, '-').slice(0, 64) || 'note';
  const at = new Date(ts).toISOString();
  const text = entryText(e).slice(0, 32_768);
  return {
    id: hashId('note', kind, text, at), type: 'event', content: text, topicKey: null, eventTime: at, sessionId: null,
    sourceMessageIds: [], queries: [], tags: ['note', kind], importance: 0.5, status: 'active', supersededBy: null,
    createdAt: at, updatedAt: at, tier: 'hot', accessCount: 0, lastAccessedAt: null, pinned: false, halfLifeDays: null,
    metadata: { noteKind: kind, noteData: data }, userId: null, agentId: null, runId: null, derivedFrom: [], expiresAt: null, attachment: null,
  };
}

/** The profile's active memories as a three.ws export document (notes go to `timeline`). */
export function renderThreeWs(memories: Memory[]): { version: string; index: string; files: Record<string, string>; timeline: Record<string, unknown>[] } {
  const isNote = (m: Memory) => m.status === 'active' && typeof m.metadata?.noteKind === 'string';
  const notes = memories.filter(isNote);
  const { files } = renderMarkdownExport(memories.filter((m) => !isNote(m)));
  const index = files.get('MEMORY.md') ?? '';
  const timeline = notes
    .sort((a, b) => (a.eventTime ?? a.createdAt).localeCompare(b.eventTime ?? b.createdAt))
    .map((m) => ({ ts: m.eventTime ?? m.createdAt, type: m.metadata.noteKind, ...(m.metadata.noteData as Record<string, unknown> | undefined), text: m.content }));
  const memoryFiles = Object.fromEntries([...files].filter(([f]) => f !== 'MEMORY.md' && !f.startsWith('timeline/')));
  return { version: THREEWS_VERSION, index, files: memoryFiles, timeline };
}

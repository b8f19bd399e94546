import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../fs-write.js';
import type { SyncContext } from './context.js';
import { getOrNull } from './file-side.js';

/** Beside the memory files; a dot file, so neither the watcher nor the Markdown reader sees it. */
export const SAVED_STATE_FILE = '.mnemo-sync.json';

const savedStateSchema = z.object({
  version: z.literal(1),
  files: z.array(z.object({ file: z.string(), memoryId: z.string(), updatedAt: z.string() })),
});

/** Records which file held which memory version, so the next start can tell a deleted file from a new memory. */
export async function saveSyncState(ctx: SyncContext): Promise<void> {
  const files = ctx.state.entries().map((e) => ({ file: e.file, memoryId: e.memory.id, updatedAt: e.memory.updatedAt }));
  await writeFileAtomic(path.join(ctx.root, SAVED_STATE_FILE), `${JSON.stringify({ version: 1, files }, null, 1)}\n`);
}

/**
 * Files deleted while no sync was running: a file the last sync wrote that is gone now, whose
 * memory is unchanged since, is a deletion by the user, so its memory is forgotten. A memory
 * changed in the profile meanwhile wins and gets its file back; a memory whose file was renamed
 * (its id is in another file now) is kept.
 */
export async function forgetFilesDeletedMeanwhile(ctx: SyncContext, folder: { files: Set<string>; memoryIds: Set<string> }): Promise<void> {
  let text: string;
  try {
    text = await readFile(path.join(ctx.root, SAVED_STATE_FILE), 'utf8');
  } catch {
    return; // first sync of this folder
  }
  let saved: z.infer<typeof savedStateSchema>;
  try {
    saved = savedStateSchema.parse(JSON.parse(text));
  } catch (err) {
    const why = err instanceof z.ZodError ? 'unexpected content' : (err as Error).message;
    return ctx.log({ level: 'warn', event: 'state-unreadable', file: SAVED_STATE_FILE, message: `${SAVED_STATE_FILE} is unreadable (${why}); files deleted while sync was stopped are not detected this time` });
  }
  for (const entry of saved.files) {
    if (folder.files.has(entry.file) || folder.memoryIds.has(entry.memoryId)) continue;
    const memory = await getOrNull(ctx, entry.memoryId);
    if (memory?.status !== 'active' || memory.updatedAt !== entry.updatedAt) continue;
    await ctx.profile.forget(memory.id, { reason: `Markdown file ${entry.file} was deleted` });
    ctx.log({ level: 'info', event: 'memory-forgotten', file: entry.file, memoryId: memory.id, message: `${entry.file} was deleted while sync was stopped: forgot memory ${memory.id}` });
  }
}

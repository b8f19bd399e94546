import path from 'node:path';
import { writeFileAtomic } from '../fs-write.js';
import { INDEX_FILE } from '../markdown/export.js';
import { renderIndex } from '../markdown/index-file.js';
import { fileNameFor, nameFor } from '../markdown/names.js';
import { listActive } from '../write-memories.js';
import type { SyncContext } from './context.js';
import { fileChanged } from './file-side.js';
import { removeMemoryFile, snapshot, writeMemoryFile } from './files.js';
import { saveSyncState } from './saved-state.js';

/**
 * Brings the folder in line with the profile: a file for every new active memory, and the file
 * of a memory that was superseded or forgotten in the profile removed (unless the file was
 * edited meanwhile: then the file side decides, newest write wins). Returns whether anything
 * changed, so the caller can refresh the index.
 */
export async function profileChanged(ctx: SyncContext): Promise<boolean> {
  const active = await listActive(ctx.profile);
  const activeIds = new Set(active.map((m) => m.id));
  let changed = false;
  for (const m of active) {
    const known = ctx.state.memory(m.id);
    if (known && known.memory.updatedAt === m.updatedAt) continue;
    const rel = known?.file ?? fileNameFor(m);
    if (known) {
      const snap = await snapshot(ctx, rel);
      if (snap && !('error' in snap) && snap.hash !== known.hash) continue; // edited meanwhile: the file side handles it
    }
    await writeMemoryFile(ctx, rel, m, nameFor(m));
    if (!known) ctx.log({ level: 'info', event: 'file-written', file: rel, memoryId: m.id, message: `new memory ${m.id}: wrote ${rel}` });
    changed = true;
  }
  for (const entry of ctx.state.entries()) {
    if (activeIds.has(entry.memory.id)) continue;
    const snap = await snapshot(ctx, entry.file);
    if (snap && !('error' in snap) && snap.hash !== entry.hash) {
      await fileChanged(ctx, entry.file);
    } else {
      await removeMemoryFile(ctx, entry.file);
      ctx.log({ level: 'info', event: 'file-removed', file: entry.file, memoryId: entry.memory.id, message: `memory ${entry.memory.id} is no longer active: removed ${entry.file}` });
    }
    changed = true;
  }
  return changed;
}

export async function writeIndex(ctx: SyncContext): Promise<void> {
  const entries = ctx.state.entries().map((e) => ({ memory: e.memory, file: e.file, name: nameFor(e.memory) }));
  await writeFileAtomic(path.join(ctx.root, INDEX_FILE), renderIndex(entries, ctx.flavor));
  await saveSyncState(ctx);
}

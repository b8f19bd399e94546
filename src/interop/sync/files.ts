import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sha256Hex } from '../../ids.js';
import type { Memory } from '../../types.js';
import { writeFileAtomic } from '../fs-write.js';
import { renderMemoryFile } from '../markdown/memory-file.js';
import { resolveInside } from '../safe-path.js';
import type { SyncContext } from './context.js';

export interface FileSnapshot {
  text: string;
  hash: string;
  mtime: string;
}

/** The file's text, or null when it is gone or leaves the folder (reported by the caller). */
export async function snapshot(ctx: SyncContext, rel: string): Promise<FileSnapshot | { error: string } | null> {
  const resolved = await resolveInside(ctx.root, rel);
  if ('error' in resolved) return resolved.error.endsWith('does not exist') ? null : resolved;
  try {
    const [text, st] = await Promise.all([readFile(resolved.path, 'utf8'), stat(resolved.path)]);
    return { text, hash: sha256Hex(text), mtime: st.mtime.toISOString() };
  } catch {
    return null;
  }
}

/** Writes the memory's file and records it as in sync. */
export async function writeMemoryFile(ctx: SyncContext, rel: string, memory: Memory, name: string): Promise<void> {
  const text = renderMemoryFile(memory, name, ctx.flavor);
  await writeFileAtomic(path.join(ctx.root, rel), text);
  ctx.state.set({ file: rel, memory, hash: sha256Hex(text) });
}

/** Forgets the file in the state first, so the watcher's unlink event is not taken as a user delete. */
export async function removeMemoryFile(ctx: SyncContext, rel: string): Promise<void> {
  ctx.state.drop(rel);
  await rm(path.join(ctx.root, rel), { force: true });
}

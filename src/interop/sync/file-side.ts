import { isMnemoError } from '../../errors.js';
import type { RememberInput } from '../../schemas.js';
import type { Memory } from '../../types.js';
import { parseMemoryFile } from '../markdown/parse-file.js';
import type { ParsedMemory } from '../parsed-memory.js';
import type { SyncContext } from './context.js';
import { removeMemoryFile, snapshot, writeMemoryFile } from './files.js';

/**
 * A file was added or changed: bring the profile in line with it. Edits become a new memory
 * (superseding the old one through its topic key, or forget old + remember new); when the
 * memory also changed in the profile since the last sync, the newer write wins.
 */
export async function fileChanged(ctx: SyncContext, rel: string): Promise<void> {
  const snap = await snapshot(ctx, rel);
  if (!snap) return;
  if ('error' in snap) return ctx.log({ level: 'error', event: 'invalid-file', file: rel, message: snap.error });
  const known = ctx.state.file(rel);
  if (known && known.hash === snap.hash) return;
  let parsed: ParsedMemory;
  try {
    parsed = parseMemoryFile(snap.text, rel, snap.mtime);
  } catch (err) {
    return ctx.log({ level: 'error', event: 'invalid-file', file: rel, message: `${rel}: ${(err as Error).message}; left unsynced until fixed` });
  }
  const current = parsed.id ? await getOrNull(ctx, parsed.id) : null;
  if (!current) return createFrom(ctx, rel, parsed, 'file-created');
  if (current.status === 'active' && sameMemory(current, parsed)) {
    ctx.state.set({ file: rel, memory: current, hash: snap.hash });
    return;
  }
  const profileChanged = known ? known.memory.updatedAt !== current.updatedAt : current.status !== 'active';
  if (profileChanged && current.updatedAt >= snap.mtime) {
    ctx.log({ level: 'warn', event: 'conflict', file: rel, memoryId: current.id, message: `${rel} and memory ${current.id} both changed; the profile's change is newer and wins` });
    if (current.status === 'active') await writeMemoryFile(ctx, rel, current, parsed.name);
    else await removeMemoryFile(ctx, rel);
    return;
  }
  if (profileChanged) ctx.log({ level: 'warn', event: 'conflict', file: rel, memoryId: current.id, message: `${rel} and memory ${current.id} both changed; the file's edit is newer and wins` });
  await updateFrom(ctx, rel, parsed, current);
}

/** A file was deleted: forget its memory. */
export async function fileDeleted(ctx: SyncContext, rel: string): Promise<void> {
  const known = ctx.state.file(rel);
  if (!known) return;
  ctx.state.drop(rel);
  const current = await getOrNull(ctx, known.memory.id);
  if (current?.status !== 'active') return;
  await ctx.profile.forget(current.id, { reason: `Markdown file ${rel} was deleted` });
  ctx.log({ level: 'info', event: 'memory-forgotten', file: rel, memoryId: current.id, message: `${rel} deleted: forgot memory ${current.id}` });
}

async function updateFrom(ctx: SyncContext, rel: string, parsed: ParsedMemory, old: Memory): Promise<void> {
  const sameKey = !!parsed.topicKey && parsed.topicKey === old.topicKey && parsed.type === old.type;
  const res = await ctx.profile.remember(rememberInput(parsed));
  if (!res.created && res.memory.id === old.id) {
    ctx.log({ level: 'warn', event: 'metadata-only', file: rel, memoryId: old.id, message: `${rel}: only metadata changed; memories keep their tags and importance, so the file was restored` });
    return writeMemoryFile(ctx, rel, old, parsed.name);
  }
  if (old.status === 'active' && !res.superseded.includes(old.id) && (await getOrNull(ctx, old.id))?.status === 'active') {
    await ctx.profile.forget(old.id, { reason: `replaced by an edit of ${rel}` });
  }
  await settle(ctx, rel, parsed, res.memory, res.created);
  ctx.log({ level: 'info', event: 'memory-updated', file: rel, memoryId: res.memory.id, message: `${rel} edited: memory ${old.id} ${sameKey ? 'superseded' : 'replaced'} by ${res.memory.id}` });
}

async function createFrom(ctx: SyncContext, rel: string, parsed: ParsedMemory, event: string): Promise<void> {
  const res = await ctx.profile.remember(rememberInput(parsed));
  if (await settle(ctx, rel, parsed, res.memory, res.created)) {
    ctx.log({ level: 'info', event, file: rel, memoryId: res.memory.id, message: `${rel}: remembered as ${res.memory.id}` });
  }
}

/** Records the file as the memory's file, unless another file already holds that memory. */
async function settle(ctx: SyncContext, rel: string, parsed: ParsedMemory, memory: Memory, created: boolean): Promise<boolean> {
  const holder = ctx.state.memory(memory.id);
  if (!created && holder && holder.file !== rel) {
    await removeMemoryFile(ctx, rel);
    ctx.log({ level: 'warn', event: 'duplicate-file', file: rel, memoryId: memory.id, message: `${rel} repeats the memory in ${holder.file}; removed the duplicate file` });
    return false;
  }
  await writeMemoryFile(ctx, rel, memory, parsed.name);
  return true;
}

function rememberInput(p: ParsedMemory): RememberInput {
  return {
    content: p.content,
    type: p.type,
    ...(p.topicKey ? { topicKey: p.topicKey } : {}),
    ...(p.type === 'event' && p.eventTime ? { eventTime: p.eventTime } : {}),
    ...(p.sessionId ? { sessionId: p.sessionId } : {}),
    ...(p.tags.length ? { tags: p.tags } : {}),
    ...(p.importance !== null ? { importance: p.importance } : {}),
  };
}

function sameMemory(m: Memory, p: ParsedMemory): boolean {
  return m.content === p.content && m.type === p.type && (m.topicKey ?? null) === (p.topicKey ?? null) && (m.type !== 'event' || m.eventTime === p.eventTime);
}

export async function getOrNull(ctx: SyncContext, id: string): Promise<Memory | null> {
  try {
    return await ctx.profile.get(id);
  } catch (err) {
    if (isMnemoError(err) && err.code === 'not_found') return null;
    throw err;
  }
}

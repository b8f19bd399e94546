/** A memory's source messages, each shown inside its conversation (the turns around it). */
import type { Store } from '../store/store.js';
import type { Memory } from '../types.js';
import type { Provenance } from './types.js';

/** Turns shown before and after each source message. */
export const CONTEXT_TURNS = 2;
/** Source messages shown at most (a merged memory can cite many). */
const MAX_SOURCES = 20;

export async function provenanceOf(store: Store, memory: Memory): Promise<Provenance> {
  const ids = memory.sourceMessageIds.slice(0, MAX_SOURCES);
  const around = await store.messagesAround(ids, CONTEXT_TURNS, CONTEXT_TURNS);
  return {
    memoryId: memory.id,
    sources: ids.map((messageId, i) => ({ messageId, found: (around[i] ?? []).some((m) => m.id === messageId), context: around[i] ?? [] })),
  };
}

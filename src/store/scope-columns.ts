import type { Memory, MemoryScopeField, Metadata } from '../types.js';

/** The scope fields of a memory (metadata, user, agent and run ids), as both stores map them. */
export type MemoryScope = Pick<Memory, MemoryScopeField>;

export const DEFAULT_SCOPE: MemoryScope = Object.freeze({ metadata: {}, userId: null, agentId: null, runId: null }) as MemoryScope;

/** Columns metadata (JSON text or an already parsed object), user_id, agent_id, run_id. */
export function scopeFromColumns(metadata: unknown, userId: string | null, agentId: string | null, runId: string | null): MemoryScope {
  const parsed = typeof metadata === 'string' ? (metadata === '{}' ? {} : (JSON.parse(metadata) as Metadata)) : ((metadata ?? {}) as Metadata);
  return { metadata: parsed, userId: userId ?? null, agentId: agentId ?? null, runId: runId ?? null };
}

/** A memory's scope with defaults filled (writers may leave any of them out). */
export function scopeOf(m: Partial<MemoryScope>): MemoryScope {
  return { metadata: m.metadata ?? {}, userId: m.userId ?? null, agentId: m.agentId ?? null, runId: m.runId ?? null };
}

import type { Memory, NewMemory } from '../types.js';
import { perceptionOf } from './perception-columns.js';
import { scopeOf } from './scope-columns.js';

/** A full memory from a write or an import: every optional field filled; times as the backend normalized them. */
export function withMemoryDefaults(input: NewMemory, createdAt: string, updatedAt: string): Memory {
  return {
    ...input,
    topicKey: input.topicKey ?? null,
    eventTime: input.eventTime ?? null,
    sessionId: input.sessionId ?? null,
    sourceMessageIds: input.sourceMessageIds ?? [],
    queries: input.queries ?? [],
    tags: input.tags ?? [],
    importance: input.importance ?? 0.5,
    status: input.status ?? 'active',
    supersededBy: input.supersededBy ?? null,
    createdAt,
    updatedAt,
    tier: input.tier ?? 'hot',
    accessCount: input.accessCount ?? 0,
    lastAccessedAt: input.lastAccessedAt ?? null,
    pinned: input.pinned ?? false,
    halfLifeDays: input.halfLifeDays ?? null,
    ...scopeOf(input),
    ...perceptionOf(input),
    derivedFrom: input.derivedFrom ?? [],
  };
}

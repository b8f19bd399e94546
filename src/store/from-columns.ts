import type { AuditEntry, Job, Memory, MemoryLifecycleField, StoredMessage } from '../types.js';
import { DEFAULT_PERCEPTION, type MemoryPerception } from './perception-columns.js';
import { DEFAULT_SCOPE, type MemoryScope } from './scope-columns.js';

/**
 * Domain objects from column values each store has already converted (JSON parsed, numbers as
 * numbers, times as ISO strings). Positional, so a raw row array maps without building a keyed
 * object first; every store returns the same fields in the same order.
 */

export function memoryFromColumns(
  id: string, type: string, content: string, topicKey: string | null, eventTime: string | null,
  sessionId: string | null, sourceMessageIds: string[], queries: string[], tags: string[], importance: number,
  status: string, supersededBy: string | null, createdAt: string, updatedAt: string,
  lifecycle: MemoryLifecycle = DEFAULT_LIFECYCLE,
  scope: MemoryScope = DEFAULT_SCOPE,
  perception: MemoryPerception = DEFAULT_PERCEPTION,
  derivedFrom: string[] = [],
): Memory {
  return {
    id,
    type: type as Memory['type'],
    content,
    topicKey,
    eventTime,
    sessionId,
    sourceMessageIds,
    queries,
    tags,
    importance,
    status: status as Memory['status'],
    supersededBy,
    createdAt,
    updatedAt,
    tier: lifecycle.tier,
    accessCount: lifecycle.accessCount,
    lastAccessedAt: lifecycle.lastAccessedAt,
    pinned: lifecycle.pinned,
    halfLifeDays: lifecycle.halfLifeDays,
    metadata: scope.metadata,
    userId: scope.userId,
    agentId: scope.agentId,
    runId: scope.runId,
    expiresAt: perception.expiresAt,
    attachment: perception.attachment,
    derivedFrom,
  };
}

export type MemoryLifecycle = Pick<Memory, MemoryLifecycleField>;
const DEFAULT_LIFECYCLE: MemoryLifecycle = { tier: 'hot', accessCount: 0, lastAccessedAt: null, pinned: false, halfLifeDays: null };

/** The lifecycle columns (tier, access_count, last_accessed_at, pinned, half_life_days) as each store returns them. */
export function lifecycleFromColumns(tier: string, accessCount: number, lastAccessedAt: string | null, pinned: boolean | number,
  halfLifeDays: number | null): MemoryLifecycle {
  return { tier: tier as Memory['tier'], accessCount, lastAccessedAt, pinned: pinned === true || pinned === 1, halfLifeDays };
}

/** Parameters in column order (seq first); the message's fields keep their usual order. */
export function messageFromColumns(
  seq: number, id: string, sessionId: string, role: string, content: string, timestamp: string | null,
  metadata: StoredMessage['metadata'], createdAt: string,
): StoredMessage {
  return { id, sessionId, role: role as StoredMessage['role'], content, timestamp, metadata, seq, createdAt };
}

export function jobFromColumns(
  id: string, kind: string, payload: Job['payload'], status: string, attempts: number, maxAttempts: number,
  runAt: string, lockedBy: string | null, lockedUntil: string | null, lastError: string | null,
  createdAt: string, updatedAt: string,
): Job {
  return {
    id, kind, payload, status: status as Job['status'], attempts, maxAttempts,
    runAt, lockedBy, lockedUntil, lastError, createdAt, updatedAt,
  };
}

export function auditFromColumns(id: number, at: string, action: string, memoryId: string | null, detail: AuditEntry['detail']): AuditEntry {
  return { id, at, action: action as AuditEntry['action'], memoryId, detail };
}

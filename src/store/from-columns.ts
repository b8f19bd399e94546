import type { AuditEntry, Job, Memory, StoredMessage } from '../types.js';

/**
 * Domain objects from column values each store has already converted (JSON parsed, numbers as
 * numbers, times as ISO strings). Positional, so a raw row array maps without building a keyed
 * object first; every store returns the same fields in the same order.
 */

export function memoryFromColumns(
  id: string, type: string, content: string, topicKey: string | null, eventTime: string | null,
  sessionId: string | null, sourceMessageIds: string[], queries: string[], tags: string[], importance: number,
  status: string, supersededBy: string | null, createdAt: string, updatedAt: string,
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
  };
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

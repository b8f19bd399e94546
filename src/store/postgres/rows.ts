import type { AuditEntry, Job, Memory, StoredMessage } from '../../types.js';

/** Raw row shapes as both drivers return them, and their mapping to domain objects. */

type Time = Date | string;
type Int = number | string;

export interface MessageRow {
  seq: Int; id: string; session_id: string; role: string; content: string;
  timestamp: string | null; metadata: unknown; created_at: Time;
}

export interface MemoryRow {
  id: string; type: string; content: string; topic_key: string | null; event_time: string | null;
  session_id: string | null; source_message_ids: string[]; queries: string[]; tags: string[];
  importance: number | string; status: string; superseded_by: string | null; created_at: Time; updated_at: Time;
}

export interface JobRow {
  id: string; kind: string; payload: unknown; status: string; attempts: number; max_attempts: number;
  run_at: Time; locked_by: string | null; locked_until: Time | null; last_error: string | null;
  created_at: Time; updated_at: Time;
}

export interface AuditRow {
  id: Int; at: Time; action: string; memory_id: string | null; detail: unknown;
}

const prefixed = (columns: string, alias?: string) =>
  alias ? columns.split(',').map((c) => `${alias}.${c.trim()}`).join(', ') : columns;

const MEMORY = `id, type, content, topic_key, event_time, session_id, source_message_ids,
  queries, tags, importance, status, superseded_by, created_at, updated_at`;
const MESSAGE = `seq, id, session_id, role, content, "timestamp", metadata, created_at`;
export const JOB_COLUMNS = `id, kind, payload, status, attempts, max_attempts, run_at, locked_by, locked_until, last_error, created_at, updated_at`;
export const AUDIT_COLUMNS = `id, at, action, memory_id, detail`;

export const memoryColumns = (alias?: string) => prefixed(MEMORY, alias);
export const messageColumns = (alias?: string) => prefixed(MESSAGE, alias);

export function iso(value: Time): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

const isoOrNull = (value: Time | null): string | null => (value === null ? null : iso(value));

export function toMessage(r: MessageRow): StoredMessage {
  return {
    id: r.id,
    sessionId: r.session_id,
    role: r.role as StoredMessage['role'],
    content: r.content,
    timestamp: r.timestamp,
    metadata: (r.metadata ?? null) as StoredMessage['metadata'],
    seq: Number(r.seq),
    createdAt: iso(r.created_at),
  };
}

export function toMemory(r: MemoryRow): Memory {
  return {
    id: r.id,
    type: r.type as Memory['type'],
    content: r.content,
    topicKey: r.topic_key,
    eventTime: r.event_time,
    sessionId: r.session_id,
    sourceMessageIds: r.source_message_ids,
    queries: r.queries,
    tags: r.tags,
    importance: Number(r.importance),
    status: r.status as Memory['status'],
    supersededBy: r.superseded_by,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export function toJob(r: JobRow): Job {
  return {
    id: r.id,
    kind: r.kind,
    payload: r.payload as Job['payload'],
    status: r.status as Job['status'],
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    runAt: iso(r.run_at),
    lockedBy: r.locked_by,
    lockedUntil: isoOrNull(r.locked_until),
    lastError: r.last_error,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export function toAudit(r: AuditRow): AuditEntry {
  return {
    id: Number(r.id),
    at: iso(r.at),
    action: r.action as AuditEntry['action'],
    memoryId: r.memory_id,
    detail: (r.detail ?? null) as AuditEntry['detail'],
  };
}

export function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Normalizes a parseable time to `toISOString()` form; unparseable input falls back. */
export function canonicalTime(value: string | undefined | null, fallback: string): string {
  if (!value) return fallback;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? fallback : new Date(ms).toISOString();
}

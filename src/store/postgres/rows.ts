import type { AuditEntry, Job, Memory, StoredMessage } from '../../types.js';
import { auditFromColumns, jobFromColumns, lifecycleFromColumns, memoryFromColumns, messageFromColumns } from '../from-columns.js';
import { perceptionFromColumns } from '../perception-columns.js';
import { scopeFromColumns } from '../scope-columns.js';

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
  tier: string; access_count: Int; last_accessed_at: Time | null; pinned: boolean; half_life_days: number | string | null;
  metadata: unknown; user_id: string | null; agent_id: string | null; run_id: string | null;
  expires_at: Time | null; attachment: unknown; derived_from?: string[];
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
  queries, tags, importance, status, superseded_by, created_at, updated_at,
  tier, access_count, last_accessed_at, pinned, half_life_days,
  metadata, user_id, agent_id, run_id, expires_at, attachment, derived_from`;
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
  return messageFromColumns(Number(r.seq), r.id, r.session_id, r.role, r.content, r.timestamp,
    (r.metadata ?? null) as StoredMessage['metadata'], iso(r.created_at));
}

export function toMemory(r: MemoryRow): Memory {
  return memoryFromColumns(r.id, r.type, r.content, r.topic_key, r.event_time, r.session_id, r.source_message_ids,
    r.queries, r.tags, Number(r.importance), r.status, r.superseded_by, iso(r.created_at), iso(r.updated_at),
    lifecycleFromColumns(r.tier, Number(r.access_count), isoOrNull(r.last_accessed_at), r.pinned,
      r.half_life_days === null ? null : Number(r.half_life_days)),
    scopeFromColumns(r.metadata, r.user_id, r.agent_id, r.run_id),
    perceptionFromColumns(isoOrNull(r.expires_at), r.attachment),
    r.derived_from ?? []);
}

export function toJob(r: JobRow): Job {
  return jobFromColumns(r.id, r.kind, r.payload as Job['payload'], r.status, r.attempts, r.max_attempts, iso(r.run_at),
    r.locked_by, isoOrNull(r.locked_until), r.last_error, iso(r.created_at), iso(r.updated_at));
}

export function toAudit(r: AuditRow): AuditEntry {
  return auditFromColumns(Number(r.id), iso(r.at), r.action, r.memory_id, (r.detail ?? null) as AuditEntry['detail']);
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

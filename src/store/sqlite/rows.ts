import type { AuditEntry, Job, Memory, StoredMessage } from '../../types.js';

/** Raw row shapes and their mapping to domain objects. */

export interface MessageRow {
  seq: number;
  id: string;
  session_id: string;
  role: string;
  content: string;
  timestamp: string | null;
  metadata: string | null;
  created_at: string;
}

export interface MemoryRow {
  id: string;
  type: string;
  content: string;
  topic_key: string | null;
  event_time: string | null;
  session_id: string | null;
  source_message_ids: string;
  queries: string;
  tags: string;
  importance: number;
  status: string;
  superseded_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface JobRow {
  id: string;
  kind: string;
  payload: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuditRow {
  id: number;
  at: string;
  action: string;
  memory_id: string | null;
  detail: string | null;
}

export const MEMORY_COLUMNS = `id, type, content, topic_key, event_time, session_id, source_message_ids,
  queries, tags, importance, status, superseded_by, created_at, updated_at`;

export const MESSAGE_COLUMNS = `seq, id, session_id, role, content, timestamp, metadata, created_at`;

export function toMessage(r: MessageRow): StoredMessage {
  return {
    id: r.id,
    sessionId: r.session_id,
    role: r.role as StoredMessage['role'],
    content: r.content,
    timestamp: r.timestamp,
    metadata: r.metadata === null ? null : JSON.parse(r.metadata),
    seq: r.seq,
    createdAt: r.created_at,
  };
}

/**
 * A raw row (see `Connection.rows`) that starts with MESSAGE_COLUMNS; columns after them are the
 * caller's. Same object as `toMessage`.
 */
export function messageFromRaw(r: unknown[]): StoredMessage {
  const metadata = r[6] as string | null;
  return {
    id: r[1] as string,
    sessionId: r[2] as string,
    role: r[3] as StoredMessage['role'],
    content: r[4] as string,
    timestamp: r[5] as string | null,
    metadata: metadata === null ? null : JSON.parse(metadata),
    seq: r[0] as number,
    createdAt: r[7] as string,
  };
}

/** A stored JSON array; most tag lists (and some others) are empty. */
function list(text: string): string[] {
  return text === '[]' ? [] : JSON.parse(text);
}

/**
 * A raw row (see `Connection.rows`) that starts with MEMORY_COLUMNS; columns after them are the
 * caller's. Same object as `toMemory`.
 */
export function memoryFromRaw(r: unknown[]): Memory {
  return {
    id: r[0] as string,
    type: r[1] as Memory['type'],
    content: r[2] as string,
    topicKey: r[3] as string | null,
    eventTime: r[4] as string | null,
    sessionId: r[5] as string | null,
    sourceMessageIds: list(r[6] as string),
    queries: list(r[7] as string),
    tags: list(r[8] as string),
    importance: r[9] as number,
    status: r[10] as Memory['status'],
    supersededBy: r[11] as string | null,
    createdAt: r[12] as string,
    updatedAt: r[13] as string,
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
    sourceMessageIds: list(r.source_message_ids),
    queries: list(r.queries),
    tags: list(r.tags),
    importance: r.importance,
    status: r.status as Memory['status'],
    supersededBy: r.superseded_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toJob(r: JobRow): Job {
  return {
    id: r.id,
    kind: r.kind,
    payload: JSON.parse(r.payload),
    status: r.status as Job['status'],
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    runAt: r.run_at,
    lockedBy: r.locked_by,
    lockedUntil: r.locked_until,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toAudit(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    action: r.action as AuditEntry['action'],
    memoryId: r.memory_id,
    detail: r.detail === null ? null : JSON.parse(r.detail),
  };
}

/** Raw rows mapped in the order of `ids` (column `idAt` holds the id); unknown ids left out, a repeated id once. */
export function inIdOrder<T>(ids: string[], rows: unknown[][], idAt: number, map: (row: unknown[]) => T): T[] {
  const byId = new Map<string, unknown[]>();
  for (const r of rows) byId.set(r[idAt] as string, r);
  const out: T[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row === undefined) continue;
    byId.delete(id);
    out.push(map(row));
  }
  return out;
}

export function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** Float32Array <-> BLOB; copies on read because SQLite buffers need not be 4-byte aligned. */
export function vectorToBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

/** A view without copying when aligned; only for callers that copy the values themselves. */
export function blobView(b: Buffer): Float32Array {
  return b.byteOffset % 4 === 0 ? new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4) : blobToVector(b);
}

export function blobToVector(b: Buffer): Float32Array {
  const out = new Float32Array(b.byteLength / 4);
  new Uint8Array(out.buffer).set(b);
  return out;
}

import type { AuditEntry, Job, Memory, StoredMessage } from '../../types.js';
import { auditFromColumns, jobFromColumns, lifecycleFromColumns, memoryFromColumns, messageFromColumns } from '../from-columns.js';
import { perceptionFromColumns } from '../perception-columns.js';
import { scopeFromColumns } from '../scope-columns.js';

/** Row shapes, column lists and their mapping to domain objects. */

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
  queries, tags, importance, status, superseded_by, created_at, updated_at,
  tier, access_count, last_accessed_at, pinned, half_life_days,
  metadata, user_id, agent_id, run_id, expires_at, attachment, derived_from`;

/** Where a named column sits in MEMORY_COLUMNS (looked up by name so appended columns never shift it). */
export const memoryColumnAt = (name: string): number => MEMORY_COLUMNS.split(',').map((c) => c.trim()).indexOf(name);
const SCOPE_AT = memoryColumnAt('metadata');
const PERCEPTION_AT = memoryColumnAt('expires_at');
const DERIVED_AT = memoryColumnAt('derived_from');

export const MESSAGE_COLUMNS = `seq, id, session_id, role, content, timestamp, metadata, created_at`;

/** A stored JSON array; most tag lists (and some others) are empty. */
function list(text: string): string[] {
  return text === '[]' ? [] : JSON.parse(text);
}

/** A raw row (see `Connection.rows`) that starts with MESSAGE_COLUMNS; columns after them are the caller's. */
export function messageFromRaw(r: unknown[]): StoredMessage {
  const metadata = r[6] as string | null;
  return messageFromColumns(r[0] as number, r[1] as string, r[2] as string, r[3] as string, r[4] as string,
    r[5] as string | null, metadata === null ? null : JSON.parse(metadata), r[7] as string);
}

/** A raw row (see `Connection.rows`) that starts with MEMORY_COLUMNS; columns after them are the caller's. */
export function memoryFromRaw(r: unknown[]): Memory {
  return memoryFromColumns(r[0] as string, r[1] as string, r[2] as string, r[3] as string | null,
    r[4] as string | null, r[5] as string | null, list(r[6] as string), list(r[7] as string), list(r[8] as string),
    r[9] as number, r[10] as string, r[11] as string | null, r[12] as string, r[13] as string,
    lifecycleFromColumns(r[14] as string, r[15] as number, r[16] as string | null, r[17] as number, r[18] as number | null),
    scopeFromColumns(r[SCOPE_AT], r[SCOPE_AT + 1] as string | null, r[SCOPE_AT + 2] as string | null, r[SCOPE_AT + 3] as string | null),
    perceptionFromColumns(r[PERCEPTION_AT] as string | null, r[PERCEPTION_AT + 1]),
    list(r[DERIVED_AT] as string));
}

export function toJob(r: JobRow): Job {
  return jobFromColumns(r.id, r.kind, JSON.parse(r.payload), r.status, r.attempts, r.max_attempts, r.run_at,
    r.locked_by, r.locked_until, r.last_error, r.created_at, r.updated_at);
}

export function toAudit(r: AuditRow): AuditEntry {
  return auditFromColumns(r.id, r.at, r.action, r.memory_id, r.detail === null ? null : JSON.parse(r.detail));
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

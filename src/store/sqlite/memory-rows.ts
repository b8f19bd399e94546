import { normalizeContent, sha256Hex } from '../../ids.js';
import type { Memory } from '../../types.js';
import { memoryFromColumns } from '../from-columns.js';
import { perceptionOf } from '../perception-columns.js';
import { scopeOf } from '../scope-columns.js';
import type { Connection } from './connection.js';
import type { MemoryRowCache } from './memory-row-cache.js';
import { inIdOrder, MEMORY_COLUMNS, memoryFromRaw } from './rows.js';

export const PURGED = '[purged]';

/** Hash of the normalized content, the key of the "identical active memory" check. */
export function contentHash(content: string): string | null {
  return content === PURGED ? null : sha256Hex(normalizeContent(content));
}

/** INSERT OR IGNORE of a complete memory; true when the row was new. */
export function insertMemoryRow(conn: Connection, m: Memory): boolean {
  const res = conn.run(`INSERT OR IGNORE INTO memories (id, type, content, content_hash, topic_key, event_time, session_id,
      source_message_ids, queries, tags, importance, status, superseded_by, created_at, updated_at,
      tier, access_count, last_accessed_at, pinned, half_life_days, metadata, user_id, agent_id, run_id,
      expires_at, attachment)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    m.id, m.type, m.content, contentHash(m.content), m.topicKey, m.eventTime, m.sessionId,
    JSON.stringify(m.sourceMessageIds), JSON.stringify(m.queries), JSON.stringify(m.tags), m.importance,
    m.status, m.supersededBy, m.createdAt, m.updatedAt,
    m.tier, m.accessCount, m.lastAccessedAt, m.pinned ? 1 : 0, m.halfLifeDays,
    JSON.stringify(m.metadata ?? {}), m.userId ?? null, m.agentId ?? null, m.runId ?? null,
    m.expiresAt ?? null, m.attachment ? JSON.stringify(m.attachment) : null);
  // Only consolidated memories have a derivation; the column default covers every other row.
  if (res.changes > 0 && m.derivedFrom?.length) conn.run(`UPDATE memories SET derived_from = ? WHERE id = ?`, JSON.stringify(m.derivedFrom), m.id);
  return res.changes > 0;
}

/** What `getMemory` returns for a row just written from `m` by `insertMemoryRow`, without the read. */
export function storedForm(m: Memory): Memory {
  return memoryFromColumns(m.id, m.type, m.content, m.topicKey, m.eventTime, m.sessionId, [...m.sourceMessageIds],
    [...m.queries], [...m.tags], m.importance, m.status, m.supersededBy, m.createdAt, m.updatedAt,
    { tier: m.tier, accessCount: m.accessCount, lastAccessedAt: m.lastAccessedAt, pinned: m.pinned, halfLifeDays: m.halfLifeDays },
    scopeOf({ ...m, metadata: m.metadata && structuredClone(m.metadata) }),
    perceptionOf({ expiresAt: m.expiresAt, attachment: m.attachment && { ...m.attachment } }),
    [...(m.derivedFrom ?? [])]);
}

const BY_ID = `SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = ?`;
const BY_IDS = `SELECT ${MEMORY_COLUMNS} FROM memories WHERE id IN (SELECT value FROM json_each(?))`;

export function getMemory(conn: Connection, id: string): Memory | null {
  const row = conn.rows(BY_ID, id)[0];
  return row ? memoryFromRaw(row) : null;
}

/** In the order of `ids`; unknown ids are left out. */
export function getMemories(conn: Connection, ids: string[], cache?: MemoryRowCache): Memory[] {
  if (ids.length === 0) return [];
  return inIdOrder(ids, cache ? cache.rowsOfIds(conn, ids) : conn.rows(BY_IDS, JSON.stringify(ids)), 0, memoryFromRaw);
}

import type { Memory, MemoryStatus } from '../../types.js';
import { appendAudit } from './audit.js';
import { type Connection, nowIso } from './connection.js';
import { PURGED, getMemory } from './memory-rows.js';
import type { SqliteVectors } from './vectors.js';
import { purgeDerivedFrom } from './consolidation.js';
import { notePurge } from './purge-marker.js';
import { type SetStatusOptions, assertStatusFrom } from '../status-transition.js';

/**
 * Soft forget: status `forgotten`, out of every retrieval channel. Purge also erases content,
 * queries and tags, and the content of the source messages, which would otherwise keep the
 * personal data recallable through the raw-message channel; and their vectors, from the tables,
 * the database file (see eraseOnDisk) and the saved HNSW graphs (see SqliteVectors.purged, eraseFromAnnFiles).
 */
export function forget(conn: Connection, vectors: SqliteVectors, id: string, opts: { purge: boolean; reason?: string }): Memory | null {
  if (!opts.purge) return forgetOrPurge(conn, vectors, id, opts);
  const { result: memory, erased } = vectors.purging(() => eraseOnDisk(conn, () => forgetOrPurge(conn, vectors, id, opts)));
  // Once committed (a caller's own transaction would commit later: its files go now all the same).
  // Derived memories purged with it are memories; messages only when it came from some.
  if (memory) vectors.purged(memory.sourceMessageIds.length > 0 ? ['memory', 'message'] : ['memory'], erased);
  return memory;
}

/**
 * Runs `purge` with SQLite's secure_delete on, so the rows and values it deletes or overwrites are
 * zeroed in their pages instead of left in free space, then (once committed) checkpoints the
 * write-ahead log into the database file and truncates it, which removes the older page images
 * that held them. The checkpoint waits at most a second for readers of an older snapshot; past that
 * the log keeps them until it is overwritten or the next truncating checkpoint.
 */
function eraseOnDisk<T>(conn: Connection, purge: () => T): T {
  const secure = conn.db.pragma('secure_delete', { simple: true }) as number;
  conn.db.pragma('secure_delete = ON');
  let result: T;
  try {
    result = purge();
  } finally {
    conn.db.pragma(`secure_delete = ${secure}`);
  }
  if (conn.path !== ':memory:' && conn.path !== '' && !conn.db.inTransaction) {
    const timeout = conn.db.pragma('busy_timeout', { simple: true }) as number;
    conn.db.pragma('busy_timeout = 1000');
    try {
      conn.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // busy: the log is cut back by a later checkpoint
    } finally {
      conn.db.pragma(`busy_timeout = ${timeout}`);
    }
  }
  return result;
}

function forgetOrPurge(conn: Connection, vectors: SqliteVectors, id: string, opts: { purge: boolean; reason?: string }): Memory | null {
  return conn.write(() => {
    const memory = getMemory(conn, id);
    if (!memory) return null;
    const now = nowIso();
    if (memory.status === 'forgotten' && !opts.purge) return memory;
    conn.run(`UPDATE memories SET status = 'forgotten', updated_at = ? WHERE id = ?`, now, id);
    vectors.delete([{ kind: 'memory', id }]);
    if (!opts.purge) {
      appendAudit(conn, 'forget', id, { reason: opts.reason ?? null, from: memory.status }, now);
      return getMemory(conn, id);
    }
    conn.run(`UPDATE memories SET content = ?, content_hash = NULL, queries = '[]', tags = '[]' WHERE id = ?`, PURGED, id);
    const sources = JSON.stringify(memory.sourceMessageIds);
    conn.run(`UPDATE messages SET content = ? WHERE id IN (SELECT value FROM json_each(?)) AND content <> ?`, PURGED, sources, PURGED);
    vectors.delete(memory.sourceMessageIds.map((mid) => ({ kind: 'message' as const, id: mid })));
    appendAudit(conn, 'purge', id, { reason: opts.reason ?? null, from: memory.status, messages: memory.sourceMessageIds.length }, now);
    purgeDerivedFrom(conn, vectors, id, opts.reason);
    vectors.notePurgeCount(notePurge(conn));
    return getMemory(conn, id);
  });
}

export function setStatus(conn: Connection, vectors: SqliteVectors, id: string, status: MemoryStatus, reason?: string, opts: SetStatusOptions = {}): Memory | null {
  return conn.write(() => {
    const memory = getMemory(conn, id);
    if (!memory) return null;
    if (memory.status === status) return memory;
    assertStatusFrom(memory, status, opts);
    const now = nowIso();
    conn.run(`UPDATE memories SET status = ?, updated_at = ? WHERE id = ?`, status, now, id);
    if (status !== 'active') vectors.delete([{ kind: 'memory', id }]);
    appendAudit(conn, 'status', id, { from: memory.status, to: status, reason: reason ?? null }, now);
    return getMemory(conn, id);
  });
}

import type { Memory, NewMemory } from '../../types.js';
import type { NewWorkingItem, WorkingItem, WorkingSessionEnd } from '../consolidation-store.js';
import type { NewJob } from '../store.js';
import { type Connection, nowIso } from './connection.js';
import { writeMemories } from './memory-write.js';
import type { SqliteVectors } from './vectors.js';

interface ItemRow { id: string; session_id: string; content: string; type: string; keep: number; created_at: string }

const toItem = (r: ItemRow): WorkingItem =>
  ({ id: r.id, sessionId: r.session_id, content: r.content, type: r.type as WorkingItem['type'], keep: r.keep === 1, createdAt: r.created_at });

export function putWorkingItems(conn: Connection, items: NewWorkingItem[]): WorkingItem[] {
  return conn.write(() => {
    const now = nowIso();
    for (const it of items) {
      conn.run(`INSERT INTO working_items (id, session_id, content, type, keep, created_at) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (session_id, id) DO UPDATE SET content = excluded.content, type = excluded.type, keep = excluded.keep`,
        it.id, it.sessionId, it.content, it.type, it.keep ? 1 : 0, now);
    }
    return items.flatMap((it) => conn.all<ItemRow>(`SELECT id, session_id, content, type, keep, created_at FROM working_items
      WHERE session_id = ? AND id = ?`, it.sessionId, it.id).map(toItem));
  });
}

export function listWorkingItems(conn: Connection, sessionId: string): WorkingItem[] {
  return conn.all<ItemRow>(`SELECT id, session_id, content, type, keep, created_at FROM working_items WHERE session_id = ? ORDER BY rid`, sessionId)
    .map(toItem);
}

export function deleteWorkingItems(conn: Connection, sessionId: string, ids?: string[]): number {
  return conn.write(() => (ids
    ? conn.run(`DELETE FROM working_items WHERE session_id = ? AND id IN (SELECT value FROM json_each(?))`, sessionId, JSON.stringify(ids))
    : conn.run(`DELETE FROM working_items WHERE session_id = ?`, sessionId)).changes);
}

export function endWorkingSession(conn: Connection, vectors: SqliteVectors, sessionId: string, consumed: WorkingItem[], promote: NewMemory[], opts: { enqueue?: NewJob[] } = {}): WorkingSessionEnd {
  return conn.write(() => {
    const res = promote.length ? writeMemories(conn, vectors, promote, { enqueue: opts.enqueue, actor: 'working-memory' }) : { written: [] };
    // Only the items as they were read: one added or changed since stays in the working set.
    const removed = consumed.filter((it) => conn.run(`DELETE FROM working_items WHERE session_id = ? AND id = ? AND content = ? AND type = ? AND keep = ?`,
      sessionId, it.id, it.content, it.type, it.keep ? 1 : 0).changes > 0).map((it) => it.id);
    return { promoted: res.written, removed };
  });
}

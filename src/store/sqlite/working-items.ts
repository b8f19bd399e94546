import type { Memory, NewMemory } from '../../types.js';
import type { NewWorkingItem, WorkingItem } from '../consolidation-store.js';
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
        ON CONFLICT (id) DO UPDATE SET content = excluded.content, type = excluded.type, keep = excluded.keep`,
        it.id, it.sessionId, it.content, it.type, it.keep ? 1 : 0, now);
    }
    return conn.all<ItemRow>(`SELECT id, session_id, content, type, keep, created_at FROM working_items
      WHERE id IN (SELECT value FROM json_each(?)) ORDER BY rid`, JSON.stringify(items.map((i) => i.id))).map(toItem);
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

export function endWorkingSession(conn: Connection, vectors: SqliteVectors, sessionId: string, promote: NewMemory[], opts: { enqueue?: NewJob[] } = {}): { promoted: Memory[]; dropped: number } {
  return conn.write(() => {
    const res = promote.length ? writeMemories(conn, vectors, promote, { enqueue: opts.enqueue, actor: 'working-memory' }) : { written: [] };
    const removed = conn.run(`DELETE FROM working_items WHERE session_id = ?`, sessionId).changes;
    return { promoted: res.written, dropped: removed - promote.length };
  });
}

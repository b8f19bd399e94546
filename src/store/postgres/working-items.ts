import type { Memory, NewMemory } from '../../types.js';
import type { NewWorkingItem, WorkingItem, WorkingSessionEnd } from '../consolidation-store.js';
import type { NewJob } from '../store.js';
import { writeMemories } from './memory-write.js';
import { iso, nowIso } from './rows.js';
import type { Sql, Tx } from './runner.js';
import type { PgVectors } from './vectors.js';

interface ItemRow { id: string; session_id: string; content: string; type: string; keep: boolean; created_at: Date | string }

const COLUMNS = `id, session_id, content, type, keep, created_at`;
const toItem = (r: ItemRow): WorkingItem =>
  ({ id: r.id, sessionId: r.session_id, content: r.content, type: r.type as WorkingItem['type'], keep: r.keep, createdAt: iso(r.created_at) });

export async function putWorkingItems(sql: Sql, profile: string, items: NewWorkingItem[]): Promise<WorkingItem[]> {
  if (items.length === 0) return [];
  const now = nowIso();
  const res = await sql.query<ItemRow & { ord: number }>(`INSERT INTO mnemo_working_items (profile, id, session_id, content, type, keep, created_at)
    SELECT $1, u.id, u.session_id, u.content, u.type, u.keep, $7::timestamptz
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[]) WITH ORDINALITY AS u(id, session_id, content, type, keep, ord)
    ORDER BY u.ord
    ON CONFLICT (profile, session_id, id) DO UPDATE SET content = excluded.content, type = excluded.type, keep = excluded.keep
    RETURNING ${COLUMNS}`,
  [profile, items.map((i) => i.id), items.map((i) => i.sessionId), items.map((i) => i.content), items.map((i) => i.type), items.map((i) => i.keep), now]);
  const byKey = new Map(res.rows.map((r) => [`${r.session_id}\u0000${r.id}`, toItem(r)]));
  return items.flatMap((i) => byKey.get(`${i.sessionId}\u0000${i.id}`) ?? []);
}

export async function listWorkingItems(sql: Sql, profile: string, sessionId: string): Promise<WorkingItem[]> {
  const res = await sql.query<ItemRow>(`SELECT ${COLUMNS} FROM mnemo_working_items WHERE profile = $1 AND session_id = $2 ORDER BY seq`, [profile, sessionId]);
  return res.rows.map(toItem);
}

export async function deleteWorkingItems(sql: Sql, profile: string, sessionId: string, ids?: string[]): Promise<number> {
  const res = ids
    ? await sql.query(`DELETE FROM mnemo_working_items WHERE profile = $1 AND session_id = $2 AND id = ANY($3::text[])`, [profile, sessionId, ids])
    : await sql.query(`DELETE FROM mnemo_working_items WHERE profile = $1 AND session_id = $2`, [profile, sessionId]);
  return res.rowCount;
}

export async function endWorkingSession(tx: Tx, profile: string, vectors: PgVectors, sessionId: string, consumed: WorkingItem[], promote: NewMemory[], opts: { enqueue?: NewJob[] } = {}): Promise<WorkingSessionEnd> {
  const res = promote.length ? await writeMemories(tx, profile, vectors, promote, { enqueue: opts.enqueue, actor: 'working-memory' }) : { written: [] };
  // Only the items as they were read: one added or changed since stays in the working set.
  const removed = await tx.query<{ id: string }>(`DELETE FROM mnemo_working_items w
    USING unnest($3::text[], $4::text[], $5::text[], $6::boolean[]) AS u(id, content, type, keep)
    WHERE w.profile = $1 AND w.session_id = $2 AND w.id = u.id AND w.content = u.content AND w.type = u.type AND w.keep = u.keep
    RETURNING w.id`,
  [profile, sessionId, consumed.map((i) => i.id), consumed.map((i) => i.content), consumed.map((i) => i.type), consumed.map((i) => i.keep)]);
  return { promoted: res.written, removed: removed.rows.map((r) => r.id) };
}

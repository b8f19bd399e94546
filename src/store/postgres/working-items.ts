import type { Memory, NewMemory } from '../../types.js';
import type { NewWorkingItem, WorkingItem } from '../consolidation-store.js';
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
    ON CONFLICT (profile, id) DO UPDATE SET content = excluded.content, type = excluded.type, keep = excluded.keep
    RETURNING ${COLUMNS}`,
  [profile, items.map((i) => i.id), items.map((i) => i.sessionId), items.map((i) => i.content), items.map((i) => i.type), items.map((i) => i.keep), now]);
  const byId = new Map(res.rows.map((r) => [r.id, toItem(r)]));
  return items.flatMap((i) => byId.get(i.id) ?? []);
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

export async function endWorkingSession(tx: Tx, profile: string, vectors: PgVectors, sessionId: string, promote: NewMemory[], opts: { enqueue?: NewJob[] } = {}): Promise<{ promoted: Memory[]; dropped: number }> {
  const res = promote.length ? await writeMemories(tx, profile, vectors, promote, { enqueue: opts.enqueue, actor: 'working-memory' }) : { written: [] };
  const removed = await deleteWorkingItems(tx, profile, sessionId);
  return { promoted: res.written, dropped: removed - promote.length };
}

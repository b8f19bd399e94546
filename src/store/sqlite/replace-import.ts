import type { Memory } from '../../types.js';
import { appendAudit } from './audit.js';
import { type Connection, nowIso } from './connection.js';
import { insertMemoryRow } from './memory-rows.js';
import type { SqliteVectors } from './vectors.js';

const LOCAL_UNDER_KEY = `SELECT id FROM memories
  WHERE topic_key = ? AND status = 'active' AND type IN ('fact', 'instruction') AND id <> ? AND user_id IS ? AND agent_id IS ?`;

/**
 * `replace` import of one memory: the incoming row wins. A local row with the same id is
 * overwritten (its vector dropped, to be re-embedded), and an incoming active fact or
 * instruction supersedes the local active ones under its topic key, whatever their age.
 * Memories that exist only locally are never deleted.
 */
export function replaceMemory(conn: Connection, vectors: SqliteVectors, memory: Memory, incoming: Set<string>): boolean {
  if (conn.get(`SELECT 1 FROM memories WHERE id = ?`, memory.id)) {
    // The vector first: it is found through the row.
    vectors.delete([{ kind: 'memory', id: memory.id }]);
    conn.run(`DELETE FROM memories WHERE id = ?`, memory.id);
  }
  if (!insertMemoryRow(conn, memory)) return false;
  const keyed = memory.type === 'fact' || memory.type === 'instruction';
  if (memory.status !== 'active' || !keyed || !memory.topicKey) return true;
  const at = nowIso();
  for (const { id } of conn.all<{ id: string }>(LOCAL_UNDER_KEY, memory.topicKey, memory.id, memory.userId ?? null, memory.agentId ?? null)) {
    if (incoming.has(id)) continue;
    conn.run(`UPDATE memories SET status = 'superseded', superseded_by = ?, updated_at = ? WHERE id = ?`, memory.id, at, id);
    vectors.delete([{ kind: 'memory', id }]);
    appendAudit(conn, 'supersede', id, { by: memory.id, actor: 'import', strategy: 'replace' }, at);
  }
  return true;
}

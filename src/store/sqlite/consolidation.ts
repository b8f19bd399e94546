import type { ConsolidationCommit, ConsolidationCommitResult, ConsolidationGroupRow } from '../consolidation-store.js';
import { appendAudit } from './audit.js';
import { type Connection, nowIso } from './connection.js';
import { PURGED, getMemory } from './memory-rows.js';
import { writeMemories } from './memory-write.js';
import type { SqliteVectors } from './vectors.js';

export function consolidationGroups(conn: Connection, keys: string[]): ConsolidationGroupRow[] {
  if (keys.length === 0) return [];
  return conn.all<{ group_key: string; memory_id: string; members: string }>(
    `SELECT group_key, memory_id, members FROM consolidation_groups WHERE group_key IN (SELECT value FROM json_each(?))`,
    JSON.stringify(keys),
  ).map((r) => ({ key: r.group_key, memoryId: r.memory_id, members: JSON.parse(r.members) as string[] }));
}

/**
 * See `ConsolidationStore.commitConsolidation`. Runs inside the caller's write transaction (one
 * per batch of groups): a stale group returns before writing anything, and an error rolls the
 * whole batch back, so no group is ever half applied.
 */
export function commitConsolidation(conn: Connection, vectors: SqliteVectors, c: ConsolidationCommit): ConsolidationCommitResult {
  const current = conn.get<{ memory_id: string }>(`SELECT memory_id FROM consolidation_groups WHERE group_key = ?`, c.groupKey);
  // A replace-import may have removed the group's memory: then it is written again.
  if (current?.memory_id === c.memory.id && getMemory(conn, c.memory.id)) return { outcome: 'unchanged', memoryId: c.memory.id };
  const active = new Set(conn.all<{ id: string }>(
    `SELECT id FROM memories WHERE status = 'active' AND id IN (SELECT value FROM json_each(?))`, JSON.stringify(c.requireActive),
  ).map((r) => r.id));
  const inactive = c.requireActive.filter((id) => !active.has(id));
  if (inactive.length > 0) return { outcome: 'stale', inactive };

  const now = nowIso();
  // Superseded first, so the merged memory is not taken for a copy of a member still active.
  const superseded: string[] = [];
  for (const id of c.supersede) {
    const res = conn.run(`UPDATE memories SET status = 'superseded', superseded_by = ?, updated_at = ? WHERE id = ? AND status = 'active'`,
      c.memory.id, now, id);
    if (res.changes === 0) continue;
    appendAudit(conn, 'consolidate', id, { by: c.memory.id, group: c.groupKey }, now);
    superseded.push(id);
  }
  if (superseded.length) vectors.delete(superseded.map((id) => ({ kind: 'memory' as const, id })));
  const res = writeMemories(conn, vectors, [c.memory], { enqueue: c.enqueue, actor: 'consolidate' });
  const id = res.written[0]?.id ?? res.skipped[0]?.existingId ?? c.memory.id;
  if (id !== c.memory.id) {
    conn.run(`UPDATE memories SET superseded_by = ? WHERE superseded_by = ? AND status = 'superseded'`, id, c.memory.id);
  }
  conn.run(`INSERT INTO consolidation_groups (group_key, memory_id, members, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (group_key) DO UPDATE SET memory_id = excluded.memory_id, members = excluded.members, updated_at = excluded.updated_at`,
    c.groupKey, id, JSON.stringify(c.memory.derivedFrom ?? []), now);
  return { outcome: 'written', memoryId: id, superseded };
}

/**
 * Purging a memory purges what consolidation derived from it too: a merged or gathered memory
 * quotes its members, so it would keep the erased text recallable. Inside the caller's transaction.
 */
export function purgeDerivedFrom(conn: Connection, vectors: SqliteVectors, id: string, reason: string | undefined): void {
  const derived = conn.all<{ id: string; status: string }>(
    `SELECT id, status FROM memories WHERE derived_from <> '[]' AND EXISTS (SELECT 1 FROM json_each(derived_from) WHERE value = ?) AND content <> ?`,
    id, PURGED,
  );
  const now = nowIso();
  for (const d of derived) {
    conn.run(`UPDATE memories SET status = 'forgotten', content = ?, content_hash = NULL, queries = '[]', tags = '[]', updated_at = ? WHERE id = ?`, PURGED, now, d.id);
    vectors.delete([{ kind: 'memory', id: d.id }]);
    appendAudit(conn, 'purge', d.id, { reason: reason ?? null, from: d.status, derivedFrom: id }, now);
    purgeDerivedFrom(conn, vectors, d.id, reason);
  }
}

import type { ConsolidationCommit, ConsolidationCommitResult, ConsolidationGroupRow } from '../consolidation-store.js';
import { type AuditInsert, appendAudit } from './audit.js';
import { PURGED, getMemory } from './memory-rows.js';
import { writeMemories } from './memory-write.js';
import { nowIso } from './rows.js';
import type { Sql, Tx } from './runner.js';
import type { PgVectors } from './vectors.js';
import { lockMemoryKeys } from './write-locks.js';

export async function consolidationGroups(sql: Sql, profile: string, keys: string[]): Promise<ConsolidationGroupRow[]> {
  if (keys.length === 0) return [];
  const res = await sql.query<{ group_key: string; memory_id: string; members: string[] }>(
    `SELECT group_key, memory_id, members FROM mnemo_consolidation_groups WHERE profile = $1 AND group_key = ANY($2::text[])`, [profile, keys]);
  return res.rows.map((r) => ({ key: r.group_key, memoryId: r.memory_id, members: r.members }));
}

/** See `ConsolidationStore.commitConsolidation`: the caller's transaction; the group key is locked so two workers never both apply it. */
export async function commitConsolidation(tx: Tx, profile: string, vectors: PgVectors, c: ConsolidationCommit): Promise<ConsolidationCommitResult> {
  await lockMemoryKeys(tx, profile, [`consolidation:${c.groupKey}`]);
  const current = await tx.query<{ memory_id: string }>(
    `SELECT memory_id FROM mnemo_consolidation_groups WHERE profile = $1 AND group_key = $2`, [profile, c.groupKey]);
  // A replace-import may have removed the group's memory: then it is written again.
  if (current.rows[0]?.memory_id === c.memory.id && (await getMemory(tx, profile, c.memory.id))) return { outcome: 'unchanged', memoryId: c.memory.id };
  const active = await tx.query<{ id: string }>(
    `SELECT id FROM mnemo_memories WHERE profile = $1 AND status = 'active' AND id = ANY($2::text[]) FOR UPDATE`, [profile, c.requireActive]);
  const live = new Set(active.rows.map((r) => r.id));
  const inactive = c.requireActive.filter((id) => !live.has(id));
  if (inactive.length > 0) return { outcome: 'stale', inactive };

  const now = nowIso();
  // Superseded first, so the merged memory is not taken for a copy of a member still active.
  const done = await tx.query<{ id: string }>(`UPDATE mnemo_memories SET status = 'superseded', superseded_by = $3, updated_at = $4::timestamptz
    WHERE profile = $1 AND id = ANY($2::text[]) AND status = 'active' RETURNING id`, [profile, c.supersede, c.memory.id, now]);
  const superseded = done.rows.map((r) => r.id);
  if (superseded.length) await vectors.delete(tx, superseded.map((id) => ({ kind: 'memory' as const, id })));
  const audit: AuditInsert[] = superseded.map((id) => ({ action: 'consolidate', memoryId: id, detail: { by: c.memory.id, group: c.groupKey }, at: now }));
  await appendAudit(tx, profile, audit);
  const res = await writeMemories(tx, profile, vectors, [c.memory], { enqueue: c.enqueue, actor: 'consolidate' });
  const id = res.written[0]?.id ?? res.skipped[0]?.existingId ?? c.memory.id;
  if (id !== c.memory.id) {
    await tx.query(`UPDATE mnemo_memories SET superseded_by = $3 WHERE profile = $1 AND superseded_by = $2 AND status = 'superseded'`,
      [profile, c.memory.id, id]);
  }
  await tx.query(`INSERT INTO mnemo_consolidation_groups (profile, group_key, memory_id, members, updated_at)
    VALUES ($1, $2, $3, $4::text[], $5::timestamptz)
    ON CONFLICT (profile, group_key) DO UPDATE SET memory_id = excluded.memory_id, members = excluded.members, updated_at = excluded.updated_at`,
    [profile, c.groupKey, id, c.memory.derivedFrom ?? [], now]);
  return { outcome: 'written', memoryId: id, superseded };
}

/**
 * Purging a memory purges what consolidation derived from it too: a merged or gathered memory
 * quotes its members, so it would keep the erased text recallable. Inside the caller's transaction.
 */
export async function purgeDerivedFrom(tx: Tx, profile: string, vectors: PgVectors, id: string, reason: string | undefined): Promise<void> {
  const derived = await tx.query<{ id: string; status: string }>(`SELECT id, status FROM mnemo_memories
    WHERE profile = $1 AND $2 = ANY(derived_from) AND content <> $3`, [profile, id, PURGED]);
  const now = nowIso();
  for (const d of derived.rows) {
    await tx.query(`UPDATE mnemo_memories SET status = 'forgotten', content = $3, content_hash = NULL, queries = '{}', tags = '{}',
      updated_at = $4::timestamptz WHERE profile = $1 AND id = $2`, [profile, d.id, PURGED, now]);
    await vectors.delete(tx, [{ kind: 'memory', id: d.id }]);
    await appendAudit(tx, profile, [{ action: 'purge', memoryId: d.id, detail: { reason: reason ?? null, from: d.status, derivedFrom: id }, at: now }]);
    await purgeDerivedFrom(tx, profile, vectors, d.id, reason);
  }
}

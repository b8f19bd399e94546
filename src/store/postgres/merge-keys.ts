import type { Memory } from '../../types.js';
import { appendAudit } from './audit.js';
import type { Tx } from './runner.js';
import type { PgVectors } from './vectors.js';

/**
 * After a merge import: under each topic key the import touched, only the newest active fact or
 * instruction stays active; the others become superseded by it, as if written one by one.
 */
export async function supersedeImportedKeys(tx: Tx, profile: string, vectors: PgVectors, imported: Memory[]): Promise<void> {
  const keys = [...new Set(imported.filter((m) => m.status === 'active' && m.topicKey && (m.type === 'fact' || m.type === 'instruction')).map((m) => m.topicKey!))];
  if (keys.length === 0) return;
  const { rows } = await tx.query<{ id: string; topic_key: string; user_id: string | null; agent_id: string | null }>(`SELECT id, topic_key, user_id, agent_id FROM mnemo_memories
    WHERE profile = $1 AND status = 'active' AND type IN ('fact', 'instruction') AND topic_key = ANY($2::text[])
    ORDER BY topic_key, created_at DESC, rid DESC`, [profile, keys]);
  const newest = new Map<string, string>();
  const replaced: { id: string; by: string }[] = [];
  for (const r of rows) {
    // Supersession holds within one user and agent (scope).
    const slot = JSON.stringify([r.topic_key, r.user_id, r.agent_id]);
    const by = newest.get(slot);
    if (by) replaced.push({ id: r.id, by });
    else newest.set(slot, r.id);
  }
  if (replaced.length === 0) return;
  const at = new Date().toISOString();
  for (const { id, by } of replaced) {
    await tx.query(`UPDATE mnemo_memories SET status = 'superseded', superseded_by = $3, updated_at = $4::timestamptz WHERE profile = $1 AND id = $2`, [profile, id, by, at]);
  }
  await vectors.delete(tx, replaced.map((r) => ({ kind: 'memory' as const, id: r.id })));
  await appendAudit(tx, profile, replaced.map((r) => ({ action: 'supersede' as const, memoryId: r.id, detail: { by: r.by, actor: 'import' }, at })));
}

import type { Memory } from '../../types.js';
import { appendAudit } from './audit.js';
import { insertMemoryRows } from './memory-rows.js';
import type { Tx } from './runner.js';
import type { PgVectors } from './vectors.js';

const CHUNK = 2000;

/**
 * `replace` import: the incoming memories win. Local rows with the same ids are overwritten
 * (their vectors dropped, to be re-embedded), and each incoming active fact or instruction
 * supersedes the local active ones under its topic key and scope, whatever their age. Memories
 * that exist only locally are never deleted. Returns the number of memories written.
 */
export async function replaceImported(tx: Tx, profile: string, vectors: PgVectors, memories: Memory[]): Promise<number> {
  const ids = memories.map((m) => m.id);
  let written = 0;
  for (let i = 0; i < memories.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await tx.query(`DELETE FROM mnemo_memories WHERE profile = $1 AND id = ANY($2::text[])`, [profile, chunk]);
    await vectors.delete(tx, chunk.map((id) => ({ kind: 'memory' as const, id })));
    written += (await insertMemoryRows(tx, profile, memories.slice(i, i + CHUNK))).size;
  }
  const at = new Date().toISOString();
  const replaced: { id: string; by: string }[] = [];
  for (const m of memories) {
    if (m.status !== 'active' || !m.topicKey || (m.type !== 'fact' && m.type !== 'instruction')) continue;
    const { rows } = await tx.query<{ id: string }>(`SELECT id FROM mnemo_memories WHERE profile = $1 AND topic_key = $2 AND status = 'active'
      AND type IN ('fact', 'instruction') AND user_id IS NOT DISTINCT FROM $3 AND agent_id IS NOT DISTINCT FROM $4 AND NOT (id = ANY($5::text[]))`,
    [profile, m.topicKey, m.userId ?? null, m.agentId ?? null, ids]);
    for (const r of rows) {
      await tx.query(`UPDATE mnemo_memories SET status = 'superseded', superseded_by = $3, updated_at = $4::timestamptz WHERE profile = $1 AND id = $2`, [profile, r.id, m.id, at]);
      replaced.push({ id: r.id, by: m.id });
    }
  }
  await vectors.delete(tx, replaced.map((r) => ({ kind: 'memory' as const, id: r.id })));
  await appendAudit(tx, profile, replaced.map((r) => ({ action: 'supersede' as const, memoryId: r.id, detail: { by: r.by, actor: 'import', strategy: 'replace' }, at })));
  return written;
}

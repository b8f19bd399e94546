import type { Memory, MemoryStatus } from '../../types.js';
import { appendAudit } from './audit.js';
import { PURGED, getMemory } from './memory-rows.js';
import { nowIso } from './rows.js';
import type { Tx } from './runner.js';
import type { PgVectors } from './vectors.js';
import { purgeDerivedFrom } from './consolidation.js';
import { type SetStatusOptions, assertStatusFrom } from '../status-transition.js';
import { lockMemoryKeys, memoryLockKeys } from './write-locks.js';

/** Reads the memory, takes the same write locks as writeMemories, then locks the row. */
async function lockMemory(tx: Tx, profile: string, id: string): Promise<Memory | null> {
  const seen = await getMemory(tx, profile, id);
  if (!seen) return null;
  await lockMemoryKeys(tx, profile, memoryLockKeys(seen));
  return getMemory(tx, profile, id, true);
}

/**
 * Soft forget: status `forgotten`, out of every retrieval channel. Purge also erases content,
 * queries and tags, and the content of the source messages, which would otherwise keep the
 * personal data recallable through the raw-message channel.
 */
export async function forget(tx: Tx, profile: string, vectors: PgVectors, id: string, opts: { purge: boolean; reason?: string }): Promise<Memory | null> {
  const memory = await lockMemory(tx, profile, id);
  if (!memory) return null;
  if (memory.status === 'forgotten' && !opts.purge) return memory;
  const now = nowIso();
  await tx.query(`UPDATE mnemo_memories SET status = 'forgotten', updated_at = $3::timestamptz WHERE profile = $1 AND id = $2`, [profile, id, now]);
  if (!opts.purge) {
    await vectors.delete(tx, [{ kind: 'memory', id }]);
    await appendAudit(tx, profile, [{ action: 'forget', memoryId: id, detail: { reason: opts.reason ?? null, from: memory.status }, at: now }]);
    return getMemory(tx, profile, id);
  }
  await tx.query(`UPDATE mnemo_memories SET content = $3, content_hash = NULL, queries = '{}', tags = '{}' WHERE profile = $1 AND id = $2`,
    [profile, id, PURGED]);
  await tx.query(`UPDATE mnemo_messages SET content = $3 WHERE profile = $1 AND id = ANY($2::text[]) AND content <> $3`,
    [profile, memory.sourceMessageIds, PURGED]);
  await vectors.delete(tx, [{ kind: 'memory', id }, ...memory.sourceMessageIds.map((mid) => ({ kind: 'message' as const, id: mid }))]);
  await appendAudit(tx, profile, [{
    action: 'purge', memoryId: id, detail: { reason: opts.reason ?? null, from: memory.status, messages: memory.sourceMessageIds.length }, at: now,
  }]);
  await purgeDerivedFrom(tx, profile, vectors, id, opts.reason);
  return getMemory(tx, profile, id);
}

export async function setStatus(tx: Tx, profile: string, vectors: PgVectors, id: string, status: MemoryStatus, reason?: string, opts: SetStatusOptions = {}): Promise<Memory | null> {
  const memory = await lockMemory(tx, profile, id);
  if (!memory) return null;
  if (memory.status === status) return memory;
  assertStatusFrom(memory, status, opts);
  const now = nowIso();
  await tx.query(`UPDATE mnemo_memories SET status = $3, updated_at = $4::timestamptz WHERE profile = $1 AND id = $2`, [profile, id, status, now]);
  if (status !== 'active') await vectors.delete(tx, [{ kind: 'memory', id }]);
  await appendAudit(tx, profile, [{ action: 'status', memoryId: id, detail: { from: memory.status, to: status, reason: reason ?? null }, at: now }]);
  return getMemory(tx, profile, id);
}

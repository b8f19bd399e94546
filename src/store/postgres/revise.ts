import { MnemoError } from '../../errors.js';
import type { Memory, NewMemory } from '../../types.js';
import { withMemoryDefaults } from '../memory-defaults.js';
import { assertRevisable } from '../revise-checks.js';
import type { NewJob } from '../store.js';
import { appendAudit } from './audit.js';
import { insertJobs } from './jobs.js';
import { getMemory, insertMemoryRows } from './memory-rows.js';
import { canonicalTime, nowIso } from './rows.js';
import type { Tx } from './runner.js';
import type { PgVectors } from './vectors.js';
import { lockMemoryKeys, memoryLockKeys } from './write-locks.js';

/** See `Store.reviseMemory`: the new version is written and the old one superseded, audited like supersession. */
export async function reviseMemory(tx: Tx, profile: string, vectors: PgVectors, id: string, next: NewMemory, opts: { enqueue?: NewJob[] } = {}): Promise<Memory | null> {
  const seen = await getMemory(tx, profile, id);
  if (!seen) return null;
  const now = nowIso();
  const memory = withMemoryDefaults({ ...next, status: 'active', supersededBy: null }, canonicalTime(next.createdAt, now), now);
  await lockMemoryKeys(tx, profile, [...memoryLockKeys(seen), ...memoryLockKeys(memory)]);
  const old = await getMemory(tx, profile, id, true);
  if (!old) return null;
  assertRevisable(old);
  if ((await insertMemoryRows(tx, profile, [memory])).size === 0) throw new MnemoError('conflict', `memory ${memory.id} already exists`);
  await tx.query(`UPDATE mnemo_memories SET status = 'superseded', superseded_by = $3, updated_at = $4::timestamptz WHERE profile = $1 AND id = $2`,
    [profile, id, memory.id, now]);
  await vectors.delete(tx, [{ kind: 'memory', id }]);
  await appendAudit(tx, profile, [
    { action: 'write', memoryId: memory.id, detail: { type: memory.type, topicKey: memory.topicKey, status: 'active', actor: 'update', revises: id }, at: now },
    { action: 'supersede', memoryId: id, detail: { by: memory.id, actor: 'update' }, at: now },
  ]);
  if (opts.enqueue?.length) await insertJobs(tx, profile, opts.enqueue);
  return getMemory(tx, profile, memory.id);
}

import type { Memory, NewMemory } from '../../types.js';
import type { WriteMemoriesOptions, WriteMemoriesResult } from '../store.js';
import { type AuditInsert, appendAudit } from './audit.js';
import { completeJob, insertJobs } from './jobs.js';
import { contentHash, insertMemoryRows } from './memory-rows.js';
import { canonicalTime, nowIso } from './rows.js';
import type { Tx } from './runner.js';
import type { PgVectors } from './vectors.js';
import { lockMemoryKeys, memoryLockKeys } from './write-locks.js';
import { withMemoryDefaults } from '../memory-defaults.js';
import { KEYED_TYPES, type TopicKeyOutcome, supersedeByTopicKey } from '../topic-key-supersession.js';

interface Active {
  id: string;
  type: string;
  hash: string | null;
  topicKey: string | null;
  createdAt: string;
  rid: number;
  /** Scope: identity and supersession hold within one user and agent. */
  userId: string | null;
  agentId: string | null;
}

/**
 * See `Store.writeMemories`. Under the write locks the relevant active memories are read once,
 * the batch is decided in order in memory (later items see earlier ones, exactly as SQLite
 * processes them row by row), then written with a few set-based statements.
 */
export async function writeMemories(tx: Tx, profile: string, vectors: PgVectors, input: NewMemory[], opts: WriteMemoriesOptions = {}): Promise<WriteMemoriesResult> {
  const now = nowIso();
  const memories = input.map((m) => withDefaults(m, now));
  await lockMemoryKeys(tx, profile, memories.flatMap(memoryLockKeys));
  const existing = await existingIds(tx, profile, memories.map((m) => m.id));
  const actives = await loadActives(tx, profile, memories);

  const result: WriteMemoriesResult = { written: [], skipped: [], superseded: [] };
  const rows: Memory[] = [];
  const audit: AuditInsert[] = [];
  const replaced: { id: string; by: string }[] = [];
  const actor = opts.actor ?? null;
  let batchRid = Number.MAX_SAFE_INTEGER / 2;
  for (const memory of memories) {
    const twin = existing.has(memory.id) ? memory.id : identicalActive(actives, memory);
    if (twin) {
      result.skipped.push({ id: memory.id, existingId: twin });
      continue;
    }
    existing.add(memory.id);
    const { replaces, newerId } = applyTopicKey(actives, memory);
    rows.push(memory);
    audit.push({ action: 'write', memoryId: memory.id, detail: { type: memory.type, topicKey: memory.topicKey, status: memory.status, actor }, at: now });
    if (newerId) {
      audit.push({ action: 'supersede', memoryId: memory.id, detail: { by: newerId, actor }, at: now });
      result.superseded.push({ id: memory.id, by: newerId });
    }
    for (const oldId of replaces) {
      actives.delete(oldId);
      replaced.push({ id: oldId, by: memory.id });
      audit.push({ action: 'supersede', memoryId: oldId, detail: { by: memory.id, actor }, at: now });
      result.superseded.push({ id: oldId, by: memory.id });
    }
    if (memory.status === 'active') {
      actives.set(memory.id, { id: memory.id, type: memory.type, hash: contentHash(memory.content), topicKey: memory.topicKey, createdAt: memory.createdAt, rid: batchRid++, userId: memory.userId, agentId: memory.agentId });
    }
    result.written.push({ ...memory });
  }

  const inserted = await insertMemoryRows(tx, profile, rows);
  if (inserted.size < rows.length) {
    // Another transaction committed one of these ids after we looked: our in-order decisions are
    // stale, so roll back and let the runner retry (it retries serialization failures).
    throw Object.assign(new Error('a concurrent writer inserted the same memory id; retrying'), { code: '40001' });
  }
  await appendAudit(tx, profile, audit);
  if (replaced.length > 0) {
    await tx.query(`UPDATE mnemo_memories m SET status = 'superseded', superseded_by = u.by, updated_at = $4::timestamptz
      FROM unnest($2::text[], $3::text[]) AS u(id, by) WHERE m.profile = $1 AND m.id = u.id`,
    [profile, replaced.map((r) => r.id), replaced.map((r) => r.by), now]);
    await vectors.delete(tx, replaced.map((r) => ({ kind: 'memory' as const, id: r.id })));
  }
  if (opts.vectors?.length) await vectors.upsertIn(tx, opts.vectors);
  if (opts.enqueue?.length) await insertJobs(tx, profile, opts.enqueue);
  if (opts.completeJob) await completeJob(tx, profile, opts.completeJob.id, opts.completeJob.workerId);
  return result;
}

async function existingIds(tx: Tx, profile: string, ids: string[]): Promise<Set<string>> {
  const res = await tx.query<{ id: string }>(`SELECT id FROM mnemo_memories WHERE profile = $1 AND id = ANY($2::text[])`, [profile, ids]);
  return new Set(res.rows.map((r) => r.id));
}

/** Active memories sharing a content hash or (for facts and instructions) a topic key with the batch. */
async function loadActives(tx: Tx, profile: string, memories: Memory[]): Promise<Map<string, Active>> {
  const hashes = [...new Set(memories.map((m) => contentHash(m.content)).filter((h): h is string => h !== null))];
  const keys = [...new Set(memories.filter((m) => m.topicKey && KEYED_TYPES.has(m.type)).map((m) => m.topicKey!))];
  const res = await tx.query<{ id: string; type: string; content_hash: string | null; topic_key: string | null; created_at: Date | string; rid: string | number; user_id: string | null; agent_id: string | null }>(
    `SELECT id, type, content_hash, topic_key, created_at, rid, user_id, agent_id FROM mnemo_memories
     WHERE profile = $1 AND status = 'active'
       AND (content_hash = ANY($2::text[]) OR (topic_key = ANY($3::text[]) AND type IN ('fact', 'instruction')))`,
    [profile, hashes, keys]);
  return new Map(res.rows.map((r) => [r.id, {
    id: r.id, type: r.type, hash: r.content_hash, topicKey: r.topic_key,
    createdAt: canonicalTime(r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at, ''), rid: Number(r.rid),
    userId: r.user_id, agentId: r.agent_id,
  }]));
}

function identicalActive(actives: Map<string, Active>, memory: Memory): string | null {
  if (memory.status !== 'active') return null;
  const hash = contentHash(memory.content);
  if (!hash) return null;
  for (const a of actives.values()) if (a.type === memory.type && a.hash === hash && sameScope(a, memory)) return a.id;
  return null;
}

/** See `supersedeByTopicKey`; `actives` holds every active memory under the batch's keys. */
function applyTopicKey(actives: Map<string, Active>, memory: Memory): TopicKeyOutcome {
  return supersedeByTopicKey(memory, (topicKey) => [...actives.values()]
    .filter((a) => a.topicKey === topicKey && KEYED_TYPES.has(a.type) && sameScope(a, memory))
    .sort((x, y) => (x.createdAt === y.createdAt ? y.rid - x.rid : x.createdAt < y.createdAt ? 1 : -1)));
}

function sameScope(a: Active, m: Memory): boolean {
  return a.userId === (m.userId ?? null) && a.agentId === (m.agentId ?? null);
}

function withDefaults(input: NewMemory, now: string): Memory {
  return withMemoryDefaults(input, canonicalTime(input.createdAt, now), canonicalTime(input.updatedAt, now));
}

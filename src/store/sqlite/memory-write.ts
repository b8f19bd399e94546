import type { Memory, NewMemory } from '../../types.js';
import type { WriteMemoriesOptions, WriteMemoriesResult } from '../store.js';
import { appendAudit } from './audit.js';
import { carriedWrite } from './carried-write.js';
import { catchUp as catchUpEntities } from './entities.js';
import { type Connection, canonicalTime, nowIso } from './connection.js';
import { completeJob, insertJobs } from './jobs.js';
import { contentHash, getMemory, insertMemoryRow, storedForm } from './memory-rows.js';
import type { SqliteVectors } from './vectors.js';
import { withMemoryDefaults } from '../memory-defaults.js';
import { type TopicKeyOutcome, supersedeByTopicKey } from '../topic-key-supersession.js';

/** See `Store.writeMemories`: one transaction, processed in order, so later items see earlier ones. */
export function writeMemories(conn: Connection, vectors: SqliteVectors, memories: NewMemory[], opts: WriteMemoriesOptions = {},
  carried?: (before: string, after: string, result: WriteMemoriesResult) => void): WriteMemoriesResult {
  return carriedWrite(conn, () => writeAll(conn, vectors, memories, opts), carried);
}

function writeAll(conn: Connection, vectors: SqliteVectors, memories: NewMemory[], opts: WriteMemoriesOptions): WriteMemoriesResult {
  const lastRid = conn.get<{ rid: number }>(`SELECT coalesce(max(rid), 0) AS rid FROM memories`)!.rid;
  const result = conn.withFtsDeferred(() => writeEach(conn, vectors, memories, opts));
  // The new rows' full-text entries, in one statement (their triggers were deferred).
  if (result.written.length > 0) {
    conn.run(`INSERT INTO memories_fts (rowid, content, queries, tags) SELECT rid, content, queries, tags FROM memories
      WHERE rid > ? AND content <> '[purged]'`, lastRid);
  }
  if (opts.vectors?.length) vectors.upsert(opts.vectors);
  if (opts.enqueue?.length) insertJobs(conn, opts.enqueue);
  if (opts.completeJob) completeJob(conn, opts.completeJob.id, opts.completeJob.workerId);
  if (opts.indexEntities) indexEntitiesQuietly(conn);
  return result;
}

/** In a savepoint of the caller's transaction: a failure rolls back only the index update. */
function indexEntitiesQuietly(conn: Connection): void {
  try {
    conn.write(() => catchUpEntities(conn));
  } catch {
    // The index follows the rows lazily: the next read of it indexes what is missing.
  }
}

function writeEach(conn: Connection, vectors: SqliteVectors, memories: NewMemory[], opts: WriteMemoriesOptions): WriteMemoriesResult {
  const result: WriteMemoriesResult = { written: [], skipped: [], superseded: [] };
  const replaced: { kind: 'memory'; id: string }[] = [];
  const now = nowIso();
  const actor = opts.actor ?? null;
  for (const input of memories) {
    const existingId = findExisting(conn, input);
    if (existingId) {
      result.skipped.push({ id: input.id, existingId });
      continue;
    }
    const memory = withDefaults(input, now);
    const { replaces, newerId } = applyTopicKey(conn, memory);
    const fresh = insertMemoryRow(conn, memory);
    appendAudit(conn, 'write', memory.id, { type: memory.type, topicKey: memory.topicKey, status: memory.status, actor }, now);
    if (newerId) {
      appendAudit(conn, 'supersede', memory.id, { by: newerId, actor }, now);
      result.superseded.push({ id: memory.id, by: newerId });
    }
    for (const oldId of replaces) {
      conn.run(`UPDATE memories SET status = 'superseded', superseded_by = ?, updated_at = ? WHERE id = ?`, memory.id, now, oldId);
      replaced.push({ kind: 'memory', id: oldId });
      appendAudit(conn, 'supersede', oldId, { by: memory.id, actor }, now);
      result.superseded.push({ id: oldId, by: memory.id });
    }
    // The row holds exactly what was bound, so it need not be read back unless the insert was ignored.
    result.written.push(fresh ? storedForm(memory) : getMemory(conn, memory.id)!);
  }
  // Superseded memories' vectors, in one call (one savepoint) for the batch.
  vectors.delete(replaced);
  return result;
}

/** The id itself, or an active memory of the same type with the same normalized content. */
function findExisting(conn: Connection, input: NewMemory): string | null {
  if (conn.get(`SELECT 1 FROM memories WHERE id = ?`, input.id)) return input.id;
  if ((input.status ?? 'active') !== 'active') return null;
  // Identity and supersession hold within one user and agent (scope), never across them.
  const same = conn.get<{ id: string }>(`SELECT id FROM memories WHERE type = ? AND content_hash = ? AND status = 'active'
    AND user_id IS ? AND agent_id IS ? LIMIT 1`,
    input.type, contentHash(input.content), input.userId ?? null, input.agentId ?? null);
  return same?.id ?? null;
}

function withDefaults(input: NewMemory, now: string): Memory {
  return withMemoryDefaults(input, canonicalTime(input.createdAt, now), canonicalTime(input.updatedAt, now));
}

/** Active facts and instructions under a topic key, newest first. */
const ACTIVES_UNDER_KEY = `SELECT id, created_at AS createdAt FROM memories
  WHERE topic_key = ? AND status = 'active' AND type IN ('fact', 'instruction') AND user_id IS ? AND agent_id IS ?
  ORDER BY created_at DESC, rid DESC`;

/** See `supersedeByTopicKey`. */
export function applyTopicKey(conn: Connection, memory: Memory): TopicKeyOutcome {
  return supersedeByTopicKey(memory, (topicKey) => conn.all<{ id: string; createdAt: string }>(ACTIVES_UNDER_KEY, topicKey,
    memory.userId ?? null, memory.agentId ?? null));
}

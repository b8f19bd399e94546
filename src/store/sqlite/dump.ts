import type { AuditEntry, Memory, StoredMessage } from '../../types.js';
import type { StoreDump } from '../store.js';
import { type Connection, nowIso } from './connection.js';
import { appendAudit } from './audit.js';
import { insertMemoryRow } from './memory-rows.js';
import { applyTopicKey } from './memory-write.js';
import { replaceMemory } from './replace-import.js';
import { type AuditRow, MEMORY_COLUMNS, MESSAGE_COLUMNS, json, memoryFromRaw, messageFromRaw, toAudit } from './rows.js';
import type { SqliteVectors } from './vectors.js';
import { withMemoryDefaults } from '../memory-defaults.js';
import { dumpedAudit, importSummary, markReplayed } from '../replayed-audit.js';

export function dump(conn: Connection): StoreDump {
  return conn.read(() => ({
    messages: conn.rows(`SELECT ${MESSAGE_COLUMNS} FROM messages ORDER BY seq`).map(messageFromRaw),
    memories: conn.rows(`SELECT ${MEMORY_COLUMNS} FROM memories ORDER BY created_at, rid`).map(memoryFromRaw),
    audit: dumpedAudit(conn.all<AuditRow>(`SELECT id, at, action, memory_id, detail FROM audit ORDER BY id`).map(toAudit)),
  }));
}

/**
 * One transaction. `merge` keeps existing rows; `replace` lets the dump win per memory (same id:
 * overwritten; same topic key: the incoming memory supersedes the local one) and never deletes
 * what exists only locally. Messages are content-addressed, so both insert the new ones; their
 * order numbers are kept when the profile had none. Audit ids are renumbered and audit entries
 * identical to existing ones are skipped.
 */
export function load(conn: Connection, vectors: SqliteVectors, data: StoreDump, strategy: 'merge' | 'replace'): { messages: number; memories: number } {
  return conn.write(() => {
    const emptyLog = !conn.get(`SELECT 1 FROM messages LIMIT 1`);
    const messages = loadMessages(conn, data.messages ?? [], emptyLog);
    const incoming = new Set((data.memories ?? []).map((m) => m.id));
    let memories = 0;
    for (const m of data.memories ?? []) {
      const memory = withDefaults(m);
      if (strategy === 'replace' ? replaceMemory(conn, vectors, memory, incoming) : loadMemory(conn, vectors, memory)) memories++;
    }
    const replayed = loadAudit(conn, data.audit ?? [], true);
    if (replayed + messages + memories > 0) appendAudit(conn, 'import', null, importSummary(replayed, memories, messages));
    return { messages, memories };
  });
}

/** Merge keeps topic-key supersession true: an imported memory newer than an active one replaces it. */
function loadMemory(conn: Connection, vectors: SqliteVectors, memory: Memory): boolean {
  if (conn.get(`SELECT 1 FROM memories WHERE id = ?`, memory.id)) return insertMemoryRow(conn, memory);
  const { replaces, newerId } = applyTopicKey(conn, memory);
  if (!insertMemoryRow(conn, memory)) return false;
  const at = nowIso();
  if (newerId) appendAudit(conn, 'supersede', memory.id, { by: newerId, actor: 'import' }, at);
  for (const oldId of replaces) {
    conn.run(`UPDATE memories SET status = 'superseded', superseded_by = ?, updated_at = ? WHERE id = ?`, memory.id, at, oldId);
    vectors.delete([{ kind: 'memory', id: oldId }]);
    appendAudit(conn, 'supersede', oldId, { by: memory.id, actor: 'import' }, at);
  }
  return true;
}

function loadMessages(conn: Connection, messages: StoredMessage[], keepSeq: boolean): number {
  const usedSeq = new Set<number>();
  let inserted = 0;
  const ordered = [...messages].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  for (const m of ordered) {
    const seq = keepSeq && Number.isSafeInteger(m.seq) && m.seq > 0 && !usedSeq.has(m.seq) ? m.seq : null;
    if (seq !== null) usedSeq.add(seq);
    const res = conn.run(`INSERT OR IGNORE INTO messages (seq, id, session_id, role, content, timestamp, metadata, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      seq, m.id, m.sessionId, m.role, m.content, m.timestamp ?? null, json(m.metadata), m.createdAt ?? nowIso());
    inserted += res.changes;
  }
  return inserted;
}

/** Copies history in, marked as replayed (not new change events); returns how many rows were added. */
function loadAudit(conn: Connection, entries: AuditEntry[], skipIdentical: boolean): number {
  let added = 0;
  for (const e of entries) {
    const detail = json(markReplayed(e.detail));
    if (skipIdentical && conn.get(`SELECT 1 FROM audit WHERE at = ? AND action = ? AND memory_id IS ? AND detail IS ?`,
      e.at, e.action, e.memoryId ?? null, detail)) continue;
    conn.run(`INSERT INTO audit (at, action, memory_id, detail) VALUES (?, ?, ?, ?)`, e.at, e.action, e.memoryId ?? null, detail);
    added++;
  }
  return added;
}

function withDefaults(m: Memory): Memory {
  const now = nowIso();
  return withMemoryDefaults(m, m.createdAt ?? now, m.updatedAt ?? m.createdAt ?? now);
}

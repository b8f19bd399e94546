import type { AuditEntry, Memory } from '../../types.js';
import { supersedeImportedKeys } from './merge-keys.js';
import { replaceImported } from './replace-import.js';
import type { StoreDump } from '../store.js';
import { insertMemoryRows } from './memory-rows.js';
import { type MessageInsertRow, existingMessageIds, insertMessageRows, lockMessageSeq, setMessageSeq } from './messages.js';
import { AUDIT_COLUMNS, type AuditRow, type MemoryRow, type MessageRow, canonicalTime, json, memoryColumns, messageColumns, nowIso, toAudit, toMemory, toMessage } from './rows.js';
import type { QueryRunner, Tx } from './runner.js';
import type { PgVectors } from './vectors.js';
import { lockProfile } from './write-locks.js';
import { withMemoryDefaults } from '../memory-defaults.js';
import { dumpedAudit, importSummary, markReplayed } from '../replayed-audit.js';
import { appendAudit } from './audit.js';

const CHUNK = 2000;

/** Everything in the profile from one snapshot. */
export function dump(runner: QueryRunner, profile: string): Promise<StoreDump> {
  return runner.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const messages = await tx.query<MessageRow>(`SELECT ${messageColumns()} FROM mnemo_messages WHERE profile = $1 ORDER BY seq`, [profile]);
    const memories = await tx.query<MemoryRow>(`SELECT ${memoryColumns()} FROM mnemo_memories WHERE profile = $1 ORDER BY created_at, rid`, [profile]);
    const audit = await tx.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM mnemo_audit WHERE profile = $1 ORDER BY id`, [profile]);
    return { messages: messages.rows.map(toMessage), memories: memories.rows.map(toMemory), audit: dumpedAudit(audit.rows.map(toAudit)) };
  });
}

/**
 * One transaction holding the profile's exclusive write lock. `merge` keeps existing rows;
 * `replace` lets the dump win per memory (same id: overwritten; same topic key: the incoming
 * memory supersedes the local one) and never deletes what exists only locally. Messages are
 * content-addressed, so both insert the new ones; their order numbers are kept when the profile
 * had none. Audit ids are renumbered and entries identical to existing ones are skipped.
 */
export async function load(tx: Tx, profile: string, vectors: PgVectors, data: StoreDump, strategy: 'merge' | 'replace'): Promise<{ messages: number; memories: number }> {
  await lockProfile(tx, profile);
  let seq = await lockMessageSeq(tx, profile);
  const ordered = [...(data.messages ?? [])].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const present = await existingMessageIds(tx, profile, ordered.map((m) => m.id));
  const keep = (await tx.query(`SELECT 1 FROM mnemo_messages WHERE profile = $1 LIMIT 1`, [profile])).rows.length === 0;
  const explicit = new Set<number>();
  const rows: MessageInsertRow[] = [];
  for (const m of ordered) {
    if (present.has(m.id)) continue;
    present.add(m.id);
    const own = keep && Number.isSafeInteger(m.seq) && m.seq > 0 && !explicit.has(m.seq) ? m.seq : null;
    if (own !== null) explicit.add(own);
    rows.push({ ...m, timestamp: m.timestamp ?? null, metadata: m.metadata ?? null, seq: own ?? 0, createdAt: canonicalTime(m.createdAt, nowIso()) });
  }
  for (const n of explicit) seq = Math.max(seq, n);
  for (const r of rows) if (r.seq === 0) r.seq = ++seq;
  let messages = 0;
  for (let i = 0; i < rows.length; i += CHUNK) messages += (await insertMessageRows(tx, profile, rows.slice(i, i + CHUNK))).size;
  await setMessageSeq(tx, profile, seq);
  let memories = 0;
  const all = (data.memories ?? []).map(withDefaults);
  if (strategy === 'replace') memories = await replaceImported(tx, profile, vectors, all);
  else {
    for (let i = 0; i < all.length; i += CHUNK) memories += (await insertMemoryRows(tx, profile, all.slice(i, i + CHUNK))).size;
    await supersedeImportedKeys(tx, profile, vectors, all);
  }
  const replayed = await loadAudit(tx, profile, data.audit ?? [], true);
  if (replayed + messages + memories > 0) {
    await appendAudit(tx, profile, [{ action: 'import', memoryId: null, detail: importSummary(replayed, memories, messages), at: nowIso() }]);
  }
  return { messages, memories };
}

/** Copies history in, marked as replayed (not new change events); returns how many rows were added. */
async function loadAudit(tx: Tx, profile: string, entries: AuditEntry[], skipIdentical: boolean): Promise<number> {
  let added = 0;
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    const res = await tx.query(`INSERT INTO mnemo_audit (profile, at, action, memory_id, detail)
      SELECT $1, u.at::timestamptz, u.action, u.memory_id, u.detail::jsonb
      FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS u(at, action, memory_id, detail, ord)
      WHERE NOT $6::boolean OR NOT EXISTS (SELECT 1 FROM mnemo_audit a WHERE a.profile = $1 AND a.at = u.at::timestamptz
        AND a.action = u.action AND a.memory_id IS NOT DISTINCT FROM u.memory_id AND a.detail IS NOT DISTINCT FROM u.detail::jsonb)
      ORDER BY u.ord`,
    [profile, chunk.map((e) => canonicalTime(e.at, nowIso())), chunk.map((e) => e.action), chunk.map((e) => e.memoryId ?? null),
      chunk.map((e) => json(markReplayed(e.detail))), skipIdentical]);
    added += res.rowCount ?? 0;
  }
  return added;
}

function withDefaults(m: Memory): Memory {
  const now = nowIso();
  return withMemoryDefaults(m, canonicalTime(m.createdAt, now), canonicalTime(m.updatedAt ?? m.createdAt, now));
}

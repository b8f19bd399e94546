import type { MemoryTier } from '../../types.js';
import { type AccessEntry, type ArchiveEntry, TIER_REVISION_KEY } from '../lifecycle-store.js';
import type { NewJob } from '../store.js';
import type { Connection } from './connection.js';
import { writeArchiveWords } from './archive-words.js';
import { insertJobs } from './jobs.js';

/** SQLite side of `LifecycleStore` (see src/store/lifecycle-store.ts). */

/**
 * `carried` learns the write generation before and after the write (both read inside it, so no
 * other commit comes between): memos of memory rows, messages and mentions, which this write
 * leaves as they were, keep what they hold instead of starting over at every recall's log.
 */
export function appendAccesses(conn: Connection, entries: AccessEntry[], enqueue: NewJob[] = [], carried?: (before: string, after: string) => void): void {
  if (entries.length === 0 && enqueue.length === 0) return;
  carryingWrite(conn, carried, () => {
    for (const e of entries) {
      conn.run(`INSERT INTO access_log (memory_id, hits, at, rehydrate) VALUES (?, ?, ?, ?)`, e.memoryId, e.hits, e.at, e.rehydrate ? 1 : 0);
    }
    const missing = enqueue.filter((j) => !conn.get(`SELECT 1 FROM jobs WHERE status = 'pending' AND kind = ?`, j.kind));
    if (missing.length) insertJobs(conn, missing);
  });
}

function carryingWrite<T>(conn: Connection, carried: ((before: string, after: string) => void) | undefined, fn: () => T): T {
  const [value, before, after] = conn.write(() => {
    const before = conn.writeGeneration();
    const value = fn();
    return [value, before, conn.writeGeneration()] as const;
  });
  carried?.(before, after);
  return value;
}

/** `carried` as in appendAccesses: folding changes memory rows' use and tier, never a message, status or mention. */
export function foldAccesses(conn: Connection, limit: number, carried?: (before: string, after: string) => void): { folded: number; rehydrated: string[] } {
  return carryingWrite(conn, carried, () => {
    const rows = conn.all<{ seq: number; memory_id: string; hits: number; at: string; rehydrate: number }>(
      `SELECT seq, memory_id, hits, at, rehydrate FROM access_log ORDER BY seq LIMIT ?`, limit);
    if (rows.length === 0) return { folded: 0, rehydrated: [] };
    const byId = new Map<string, { hits: number; at: string; rehydrate: boolean }>();
    for (const r of rows) {
      const cur = byId.get(r.memory_id) ?? { hits: 0, at: r.at, rehydrate: false };
      byId.set(r.memory_id, { hits: cur.hits + r.hits, at: r.at > cur.at ? r.at : cur.at, rehydrate: cur.rehydrate || r.rehydrate === 1 });
    }
    const rehydrated: string[] = [];
    for (const [id, a] of byId) {
      const res = conn.run(`UPDATE memories SET access_count = access_count + ?1,
          last_accessed_at = CASE WHEN last_accessed_at IS NULL OR last_accessed_at < ?2 THEN ?2 ELSE last_accessed_at END
        WHERE id = ?3`, a.hits, a.at, id);
      if (a.rehydrate && res.changes > 0 && conn.run(`UPDATE memories SET tier = 'hot' WHERE id = ? AND tier = 'cold'`, id).changes > 0) {
        rehydrated.push(id);
      }
    }
    conn.run(`DELETE FROM access_log WHERE seq <= ?`, rows[rows.length - 1].seq);
    if (rehydrated.length) bumpRevision(conn);
    return { folded: rows.length, rehydrated };
  });
}

export function setTier(conn: Connection, ids: string[], tier: MemoryTier): number {
  if (ids.length === 0) return 0;
  return conn.write(() => {
    let changed = 0;
    for (let i = 0; i < ids.length; i += 5000) {
      changed += conn.run(`UPDATE memories SET tier = ? WHERE id IN (SELECT value FROM json_each(?)) AND tier <> ?`,
        tier, JSON.stringify(ids.slice(i, i + 5000)), tier).changes;
    }
    if (changed) bumpRevision(conn);
    return changed;
  });
}

export function setPinned(conn: Connection, id: string, pinned: boolean): boolean {
  return conn.write(() => {
    const row = conn.get<{ tier: string }>(`SELECT tier FROM memories WHERE id = ? AND status = 'active'`, id);
    if (!row) return false;
    conn.run(`UPDATE memories SET pinned = ?, tier = CASE WHEN ? THEN 'hot' ELSE tier END WHERE id = ?`, pinned ? 1 : 0, pinned ? 1 : 0, id);
    if (pinned && row.tier !== 'hot') bumpRevision(conn);
    return true;
  });
}

export function coldMemoryIds(conn: Connection): string[] {
  return conn.all<{ id: string }>(`SELECT id FROM memories WHERE tier = 'cold'`).map((r) => r.id);
}

export function replaceArchive(conn: Connection, entries: ArchiveEntry[]): void {
  conn.write(() => {
    conn.run(`DELETE FROM archive_index`);
    for (const e of entries) {
      conn.run(`INSERT INTO archive_index (kind, key, terms, member_ids) VALUES (?, ?, ?, ?)`,
        e.kind, e.key, JSON.stringify(e.terms), JSON.stringify(e.memberIds));
    }
    writeArchiveWords(conn, entries);
    bumpRevision(conn);
  });
}

export function archiveEntries(conn: Connection): ArchiveEntry[] {
  return conn.all<{ kind: ArchiveEntry['kind']; key: string; terms: string; member_ids: string }>(
    `SELECT kind, key, terms, member_ids FROM archive_index ORDER BY kind, key`)
    .map((r) => ({ kind: r.kind, key: r.key, terms: JSON.parse(r.terms), memberIds: JSON.parse(r.member_ids) }));
}

function bumpRevision(conn: Connection): void {
  conn.run(`INSERT INTO meta (key, value) VALUES (?, '1')
    ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`, TIER_REVISION_KEY);
}

import type { AuditAction, AuditEntry, Metadata } from '../../types.js';
import { type Connection, nowIso } from './connection.js';
import { type AuditRow, json, toAudit } from './rows.js';

/** Appends inside the caller's transaction. Details never carry memory content (purge-safe). */
export function appendAudit(conn: Connection, action: AuditAction, memoryId: string | null, detail: Metadata | null, at = nowIso()): void {
  conn.run(`INSERT INTO audit (at, action, memory_id, detail) VALUES (?, ?, ?, ?)`, at, action, memoryId, json(detail));
}

export function listAudit(conn: Connection, opts: { memoryId?: string; limit?: number; afterId?: number } = {}): AuditEntry[] {
  return conn.all<AuditRow>(`SELECT id, at, action, memory_id, detail FROM audit
    WHERE (?1 IS NULL OR memory_id = ?1) AND id > ?2 ORDER BY id LIMIT ?3`,
    opts.memoryId ?? null, opts.afterId ?? 0, opts.limit ?? -1).map(toAudit);
}

export function lastAuditId(conn: Connection): number {
  return conn.get<{ id: number }>(`SELECT coalesce(max(id), 0) AS id FROM audit`)!.id;
}

export function getMeta(conn: Connection, key: string): string | null {
  return conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, key)?.value ?? null;
}

export function deleteMeta(conn: Connection, keys: string[]): void {
  conn.write(() => {
    for (const key of keys) conn.run('DELETE FROM meta WHERE key = ?', key);
  });
}

/** The lease value is `<expires epoch ms> <holder>`; the IMMEDIATE transaction makes read-then-write atomic across processes. */
export function claimLease(conn: Connection, key: string, holder: string, ttlMs: number): boolean {
  return conn.write(() => {
    const now = Date.now();
    const row = conn.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', key);
    if (row) {
      const [expires, owner] = [Number(row.value.split(' ', 1)[0]), row.value.slice(row.value.indexOf(' ') + 1)];
      if (owner !== holder && expires > now) return false;
    }
    conn.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, `${now + ttlMs} ${holder}`);
    return true;
  });
}

export function setMeta(conn: Connection, key: string, value: string): void {
  conn.write(() => conn.run(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value));
}

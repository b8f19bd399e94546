import type { AuditAction, AuditEntry, Metadata } from '../../types.js';
import { AUDIT_COLUMNS, type AuditRow, json, toAudit } from './rows.js';
import type { Sql } from './runner.js';
import { Params } from './sql.js';

export interface AuditInsert {
  action: AuditAction;
  memoryId: string | null;
  detail: Metadata | null;
  at: string;
}

/** Appends in order inside the caller's transaction. Details never carry memory content (purge-safe). */
export async function appendAudit(sql: Sql, profile: string, entries: AuditInsert[]): Promise<void> {
  if (entries.length === 0) return;
  await sql.query(`INSERT INTO mnemo_audit (profile, at, action, memory_id, detail)
    SELECT $1, u.at::timestamptz, u.action, u.memory_id, u.detail::jsonb
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS u(at, action, memory_id, detail, ord)
    ORDER BY u.ord`,
  [profile, entries.map((e) => e.at), entries.map((e) => e.action), entries.map((e) => e.memoryId), entries.map((e) => json(e.detail))]);
}

export async function listAudit(sql: Sql, profile: string, opts: { memoryId?: string; limit?: number; afterId?: number } = {}): Promise<AuditEntry[]> {
  const p = new Params(profile, opts.afterId ?? 0);
  const memory = opts.memoryId !== undefined ? `AND memory_id = ${p.add(opts.memoryId)}` : '';
  const limit = opts.limit !== undefined && opts.limit >= 0 ? `LIMIT ${p.add(opts.limit)}` : '';
  const res = await sql.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM mnemo_audit
    WHERE profile = $1 AND id > $2 ${memory} ORDER BY id ${limit}`, p.values);
  return res.rows.map(toAudit);
}

export async function lastAuditId(sql: Sql, profile: string): Promise<number> {
  const res = await sql.query<{ id: string }>(`SELECT coalesce(max(id), 0) AS id FROM mnemo_audit WHERE profile = $1`, [profile]);
  return Number(res.rows[0].id);
}

export async function getMeta(sql: Sql, profile: string, key: string): Promise<string | null> {
  const res = await sql.query<{ value: string }>(`SELECT value FROM mnemo_meta WHERE profile = $1 AND key = $2`, [profile, key]);
  return res.rows[0]?.value ?? null;
}

export async function deleteMeta(sql: Sql, profile: string, keys: string[]): Promise<void> {
  await sql.query('DELETE FROM mnemo_meta WHERE profile = $1 AND key = ANY($2::text[])', [profile, keys]);
}

/** One upsert whose update applies only when the lease is free, expired or the holder's own: atomic across servers. */
export async function claimLease(sql: Sql, profile: string, key: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = Date.now();
  const res = await sql.query<{ key: string }>(`INSERT INTO mnemo_meta (profile, key, value) VALUES ($1, $2, $3)
    ON CONFLICT (profile, key) DO UPDATE SET value = excluded.value
    WHERE substr(mnemo_meta.value, strpos(mnemo_meta.value, ' ') + 1) = $4
       OR split_part(mnemo_meta.value, ' ', 1)::bigint <= $5::bigint
    RETURNING key`, [profile, key, `${now + ttlMs} ${holder}`, holder, now]);
  return res.rows.length > 0;
}

export async function setMeta(sql: Sql, profile: string, key: string, value: string): Promise<void> {
  await sql.query(`INSERT INTO mnemo_meta (profile, key, value) VALUES ($1, $2, $3)
    ON CONFLICT (profile, key) DO UPDATE SET value = excluded.value`, [profile, key, value]);
}

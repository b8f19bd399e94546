import type { MemoryTier } from '../../types.js';
import { type AccessEntry, type ArchiveEntry, TIER_REVISION_KEY } from '../lifecycle-store.js';
import type { NewJob } from '../store.js';
import { insertJobs } from './jobs.js';
import type { Sql, Tx } from './runner.js';

/** PostgreSQL side of `LifecycleStore` (see src/store/lifecycle-store.ts). */

export async function appendAccesses(tx: Tx, profile: string, entries: AccessEntry[], enqueue: NewJob[] = []): Promise<void> {
  if (entries.length) {
    await tx.query(`INSERT INTO mnemo_access_log (profile, memory_id, hits, at, rehydrate)
      SELECT $1, u.id, u.hits, u.at::timestamptz, u.rehydrate FROM unnest($2::text[], $3::int[], $4::text[], $5::boolean[]) AS u(id, hits, at, rehydrate)`,
    [profile, entries.map((e) => e.memoryId), entries.map((e) => e.hits), entries.map((e) => e.at), entries.map((e) => e.rehydrate)]);
  }
  if (enqueue.length === 0) return;
  // Locked: a worker claiming that job skips it until this commits (so its fold sees these rows),
  // and one that claimed it first makes this wait, then find it no longer pending and queue another.
  const pending = await tx.query<{ kind: string }>(`SELECT kind FROM mnemo_jobs WHERE profile = $1 AND status = 'pending' AND kind = ANY($2::text[]) FOR UPDATE`,
    [profile, enqueue.map((j) => j.kind)]);
  const queued = new Set(pending.rows.map((r) => r.kind));
  const missing = enqueue.filter((j) => !queued.has(j.kind));
  if (missing.length) await insertJobs(tx, profile, missing);
}

export async function foldAccesses(tx: Tx, profile: string, limit: number): Promise<{ folded: number; rehydrated: string[] }> {
  const batch = await tx.query<{ seq: string | number }>(`SELECT seq FROM mnemo_access_log WHERE profile = $1 ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [profile, limit]);
  if (batch.rows.length === 0) return { folded: 0, rehydrated: [] };
  const seqs = batch.rows.map((r) => Number(r.seq));
  const res = await tx.query<{ id: string; rehydrated: boolean }>(`
    WITH taken AS (
      DELETE FROM mnemo_access_log WHERE profile = $1 AND seq = ANY($2::bigint[]) RETURNING memory_id, hits, at, rehydrate
    ), sums AS (
      SELECT memory_id, sum(hits)::int AS hits, max(at) AS at, bool_or(rehydrate) AS rehydrate FROM taken GROUP BY memory_id
    ), before AS (
      SELECT m.id, m.tier FROM mnemo_memories m JOIN sums s ON s.memory_id = m.id WHERE m.profile = $1
    )
    UPDATE mnemo_memories m SET access_count = m.access_count + s.hits,
      last_accessed_at = greatest(m.last_accessed_at, s.at),
      tier = CASE WHEN s.rehydrate THEN 'hot' ELSE m.tier END
    FROM sums s, before b WHERE m.profile = $1 AND m.id = s.memory_id AND b.id = m.id
    RETURNING m.id, (s.rehydrate AND b.tier = 'cold') AS rehydrated`, [profile, seqs]);
  const rehydrated = res.rows.filter((r) => r.rehydrated).map((r) => r.id);
  if (rehydrated.length) await bumpRevision(tx, profile);
  return { folded: seqs.length, rehydrated };
}

export async function setTier(tx: Tx, profile: string, ids: string[], tier: MemoryTier): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await tx.query(`UPDATE mnemo_memories SET tier = $3 WHERE profile = $1 AND id = ANY($2::text[]) AND tier <> $3`, [profile, ids, tier]);
  const changed = res.rowCount ?? 0;
  if (changed) await bumpRevision(tx, profile);
  return changed;
}

export async function setPinned(tx: Tx, profile: string, id: string, pinned: boolean): Promise<boolean> {
  const res = await tx.query<{ was: string }>(
    `UPDATE mnemo_memories m SET pinned = $3, tier = CASE WHEN $3 THEN 'hot' ELSE m.tier END
     FROM (SELECT tier FROM mnemo_memories WHERE profile = $1 AND id = $2 AND status = 'active' FOR UPDATE) old
     WHERE m.profile = $1 AND m.id = $2 RETURNING old.tier AS was`, [profile, id, pinned]);
  const was = res.rows[0]?.was;
  if (was === undefined) return false;
  if (pinned && was !== 'hot') await bumpRevision(tx, profile);
  return true;
}

export async function coldMemoryIds(sql: Sql, profile: string): Promise<string[]> {
  const res = await sql.query<{ id: string }>(`SELECT id FROM mnemo_memories WHERE profile = $1 AND tier = 'cold'`, [profile]);
  return res.rows.map((r) => r.id);
}

/** Class key of the per-profile archive lock (the two-key advisory space, apart from the migration lock). */
const ARCHIVE_LOCK_CLASS = 0x6d61; // "ma"

export async function replaceArchive(tx: Tx, profile: string, entries: ArchiveEntry[]): Promise<void> {
  // Concurrent replacements (a tier run and the fold job's) would both delete, then insert the same keys.
  await tx.query(`SELECT pg_advisory_xact_lock($1::int, hashtext($2))`, [ARCHIVE_LOCK_CLASS, profile]);
  await tx.query(`DELETE FROM mnemo_archive_index WHERE profile = $1`, [profile]);
  for (let i = 0; i < entries.length; i += 1000) {
    const chunk = entries.slice(i, i + 1000);
    await tx.query(`INSERT INTO mnemo_archive_index (profile, kind, key, terms, member_ids)
      SELECT $1, u.kind, u.key, u.terms, ARRAY(SELECT json_array_elements_text(u.members::json))
      FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS u(kind, key, terms, members)`,
    [profile, chunk.map((e) => e.kind), chunk.map((e) => e.key), chunk.map((e) => JSON.stringify(e.terms)), chunk.map((e) => JSON.stringify(e.memberIds))]);
  }
  await bumpRevision(tx, profile);
}

export async function archiveEntries(sql: Sql, profile: string): Promise<ArchiveEntry[]> {
  const res = await sql.query<{ kind: ArchiveEntry['kind']; key: string; terms: string; member_ids: string[] }>(
    `SELECT kind, key, terms, member_ids FROM mnemo_archive_index WHERE profile = $1 ORDER BY kind, key`, [profile]);
  return res.rows.map((r) => ({ kind: r.kind, key: r.key, terms: JSON.parse(r.terms), memberIds: r.member_ids }));
}

async function bumpRevision(tx: Tx, profile: string): Promise<void> {
  await tx.query(`INSERT INTO mnemo_meta (profile, key, value) VALUES ($1, $2, '1')
    ON CONFLICT (profile, key) DO UPDATE SET value = (mnemo_meta.value::bigint + 1)::text`, [profile, TIER_REVISION_KEY]);
}

import { normalizeContent, sha256Hex } from '../../ids.js';
import type { Memory } from '../../types.js';
import { type MemoryRow, memoryColumns, toMemory } from './rows.js';
import type { Sql } from './runner.js';
import { pgText } from './sql.js';

export const PURGED = '[purged]';

/** Hash of the normalized content, the key of the "identical active memory" check. */
export function contentHash(content: string): string | null {
  return content === PURGED ? null : sha256Hex(normalizeContent(pgText(content)));
}

/** Multi-row INSERT … ON CONFLICT DO NOTHING of complete memories, in order; returns inserted ids. */
export async function insertMemoryRows(sql: Sql, profile: string, memories: Memory[]): Promise<Set<string>> {
  if (memories.length === 0) return new Set();
  const col = <T>(f: (m: Memory) => T) => memories.map(f);
  const res = await sql.query<{ id: string }>(`INSERT INTO mnemo_memories (profile, id, type, content, content_hash, topic_key,
      event_time, session_id, source_message_ids, queries, tags, importance, status, superseded_by, created_at, updated_at,
      tier, access_count, last_accessed_at, pinned, half_life_days, metadata, user_id, agent_id, run_id,
      expires_at, attachment)
    SELECT $1, u.id, u.type, u.content, u.content_hash, u.topic_key, u.event_time, u.session_id,
      ARRAY(SELECT json_array_elements_text(u.sources::json)), ARRAY(SELECT json_array_elements_text(u.queries::json)),
      ARRAY(SELECT json_array_elements_text(u.tags::json)), u.importance, u.status, u.superseded_by,
      u.created_at::timestamptz, u.updated_at::timestamptz,
      u.tier, u.access_count, u.last_accessed_at::timestamptz, u.pinned, u.half_life_days,
      u.metadata::jsonb, u.user_id, u.agent_id, u.run_id, u.expires_at::timestamptz, u.attachment::jsonb
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
      $10::text[], $11::text[], $12::float8[], $13::text[], $14::text[], $15::text[], $16::text[],
      $17::text[], $18::int[], $19::text[], $20::boolean[], $21::float8[],
      $22::text[], $23::text[], $24::text[], $25::text[], $26::text[], $27::text[]) WITH ORDINALITY
      AS u(id, type, content, content_hash, topic_key, event_time, session_id, sources, queries, tags, importance,
        status, superseded_by, created_at, updated_at, tier, access_count, last_accessed_at, pinned, half_life_days,
        metadata, user_id, agent_id, run_id, expires_at, attachment, ord)
    ORDER BY u.ord
    ON CONFLICT DO NOTHING RETURNING id`,
  [profile, col((m) => m.id), col((m) => m.type), col((m) => pgText(m.content)), col((m) => contentHash(m.content)),
    col((m) => m.topicKey), col((m) => m.eventTime), col((m) => m.sessionId),
    col((m) => JSON.stringify(m.sourceMessageIds)), col((m) => JSON.stringify(m.queries.map(pgText))),
    col((m) => JSON.stringify(m.tags.map(pgText))), col((m) => m.importance), col((m) => m.status),
    col((m) => m.supersededBy), col((m) => m.createdAt), col((m) => m.updatedAt),
    col((m) => m.tier), col((m) => m.accessCount), col((m) => m.lastAccessedAt), col((m) => m.pinned), col((m) => m.halfLifeDays),
    col((m) => JSON.stringify(m.metadata ?? {})), col((m) => m.userId ?? null), col((m) => m.agentId ?? null), col((m) => m.runId ?? null),
    col((m) => m.expiresAt ?? null), col((m) => (m.attachment ? JSON.stringify(m.attachment) : null))]);
  const inserted = new Set(res.rows.map((r) => r.id));
  // Only consolidated memories have a derivation; the column default covers every other row.
  const derived = memories.filter((m) => m.derivedFrom?.length && inserted.has(m.id));
  for (const m of derived) {
    await sql.query(`UPDATE mnemo_memories SET derived_from = $3::text[] WHERE profile = $1 AND id = $2`, [profile, m.id, m.derivedFrom]);
  }
  return inserted;
}

export async function getMemory(sql: Sql, profile: string, id: string, forUpdate = false): Promise<Memory | null> {
  const res = await sql.query<MemoryRow>(`SELECT ${memoryColumns()} FROM mnemo_memories WHERE profile = $1 AND id = $2
    ${forUpdate ? 'FOR UPDATE' : ''}`, [profile, id]);
  return res.rows[0] ? toMemory(res.rows[0]) : null;
}

/** In the order of `ids`; unknown ids are left out. */
export async function getMemories(sql: Sql, profile: string, ids: string[]): Promise<Memory[]> {
  if (ids.length === 0) return [];
  const res = await sql.query<MemoryRow>(`SELECT ${memoryColumns()} FROM mnemo_memories WHERE profile = $1 AND id = ANY($2::text[])`,
    [profile, ids]);
  const byId = new Map(res.rows.map((r) => [r.id, toMemory(r)]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

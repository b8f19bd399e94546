/** Profile inspection reads: counts, last write, row bytes, and the timeline slices. */
import type { Job } from '../../types.js';
import { bucketLength, type StoreInspection, type TimelineOptions, type TimelineSlice } from '../inspect-types.js';
import { type JobRow, JOB_COLUMNS, type MemoryRow, iso, memoryColumns, nowIso, toJob, toMemory } from './rows.js';
import type { Sql } from './runner.js';

export async function inspect(sql: Sql, profile: string): Promise<StoreInspection> {
  const counts = await sql.query<StoreInspection['counts'][number]>(`SELECT type, status, tier, count(*)::int AS n
    FROM mnemo_memories WHERE profile = $1 GROUP BY type, status, tier`, [profile]);
  const last = await sql.query<{ audit: Date | string | null; message: Date | string | null; bytes: string | number | null }>(`SELECT
      (SELECT max(at) FROM mnemo_audit WHERE profile = $1) AS audit,
      (SELECT max(created_at) FROM mnemo_messages WHERE profile = $1) AS message,
      (SELECT coalesce(sum(pg_column_size(m.*)), 0) FROM mnemo_memories m WHERE m.profile = $1)
        + (SELECT coalesce(sum(pg_column_size(g.*)), 0) FROM mnemo_messages g WHERE g.profile = $1) AS bytes`, [profile]);
  const row = last.rows[0];
  const times = [row?.audit, row?.message].filter((t): t is Date | string => t !== null && t !== undefined).map(iso).sort();
  return { counts: counts.rows, lastWriteAt: times.pop() ?? null, sizeBytes: row?.bytes === null || row?.bytes === undefined ? null : Number(row.bytes) };
}

const MESSAGE_TIME = `coalesce("timestamp", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

export async function timeline(sql: Sql, profile: string, opts: TimelineOptions): Promise<TimelineSlice> {
  const args = [profile, bucketLength(opts.prefix), opts.prefix, `${opts.prefix}\uffff`];
  const events = await sql.query<{ key: string; n: number }>(`SELECT left(event_time, $2) AS key, count(*)::int AS n FROM mnemo_memories
    WHERE profile = $1 AND type = 'event' AND status = 'active' AND event_time >= $3 AND event_time < $4 GROUP BY key`, args);
  const messages = await sql.query<{ key: string; n: number }>(`SELECT left(${MESSAGE_TIME}, $2) AS key, count(*)::int AS n FROM mnemo_messages
    WHERE profile = $1 AND ${MESSAGE_TIME} >= $3 AND ${MESSAGE_TIME} < $4 GROUP BY key`, args);
  const buckets = new Map<string, { key: string; events: number; messages: number }>();
  const bucket = (key: string) => buckets.get(key) ?? buckets.set(key, { key, events: 0, messages: 0 }).get(key)!;
  for (const r of events.rows) bucket(r.key).events = r.n;
  for (const r of messages.rows) bucket(r.key).messages = r.n;
  const range = [profile, opts.prefix, `${opts.prefix}\uffff`, opts.limit];
  const eventRows = await sql.query<MemoryRow>(`SELECT ${memoryColumns()} FROM mnemo_memories WHERE profile = $1 AND type = 'event'
    AND status = 'active' AND event_time >= $2 AND event_time < $3 ORDER BY event_time, id LIMIT $4`, range);
  const sessions = await sql.query<{ session_id: string; first: string; last: string; messages: number }>(`SELECT session_id,
      min(${MESSAGE_TIME}) AS first, max(${MESSAGE_TIME}) AS last, count(*)::int AS messages
    FROM mnemo_messages WHERE profile = $1 AND ${MESSAGE_TIME} >= $2 AND ${MESSAGE_TIME} < $3
    GROUP BY session_id ORDER BY first LIMIT $4`, range);
  return {
    buckets: [...buckets.values()].sort((a, b) => a.key.localeCompare(b.key)),
    events: eventRows.rows.map(toMemory),
    sessions: sessions.rows.map((r) => ({ sessionId: r.session_id, first: r.first, last: r.last, messages: r.messages })),
  };
}

export async function retryJob(sql: Sql, profile: string, id: string): Promise<Job | null> {
  const res = await sql.query<JobRow>(`UPDATE mnemo_jobs SET status = 'pending', attempts = 0, run_at = $3::timestamptz, locked_by = NULL,
    locked_until = NULL, updated_at = $3::timestamptz WHERE profile = $1 AND id = $2 AND status = 'failed' RETURNING ${JOB_COLUMNS}`,
  [profile, id, nowIso()]);
  return res.rows[0] ? toJob(res.rows[0]) : null;
}

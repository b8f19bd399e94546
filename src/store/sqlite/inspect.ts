/** Profile inspection reads: counts, last write, size on disk, and the timeline slices. */
import { statSync } from 'node:fs';
import type { Job } from '../../types.js';
import { bucketLength, type StoreInspection, type TimelineOptions, type TimelineSlice } from '../inspect-types.js';
import type { Connection } from './connection.js';
import { nowIso } from './connection.js';
import { MEMORY_COLUMNS, memoryFromRaw, type JobRow, toJob } from './rows.js';

export function inspect(conn: Connection, path: string): StoreInspection {
  const counts = conn.all<StoreInspection['counts'][number]>(`SELECT type, status, tier, count(*) AS n FROM memories GROUP BY type, status, tier`);
  const audit = conn.get<{ at: string }>(`SELECT at FROM audit ORDER BY id DESC LIMIT 1`)?.at ?? null;
  const message = conn.get<{ at: string }>(`SELECT created_at AS at FROM messages ORDER BY seq DESC LIMIT 1`)?.at ?? null;
  const lastWriteAt = [audit, message].filter((t): t is string => t !== null).sort().pop() ?? null;
  return { counts, lastWriteAt, sizeBytes: path === ':memory:' ? null : fileBytes(path) + fileBytes(`${path}-wal`) };
}

function fileBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

const MESSAGE_TIME = `coalesce("timestamp", created_at)`;

export function timeline(conn: Connection, opts: TimelineOptions): TimelineSlice {
  const n = bucketLength(opts.prefix);
  const lo = opts.prefix;
  const hi = `${opts.prefix}\uffff`;
  const events = conn.all<{ key: string; n: number }>(`SELECT substr(event_time, 1, ?1) AS key, count(*) AS n FROM memories
    WHERE type = 'event' AND status = 'active' AND event_time >= ?2 AND event_time < ?3 GROUP BY key`, n, lo, hi);
  const messages = conn.all<{ key: string; n: number }>(`SELECT substr(${MESSAGE_TIME}, 1, ?1) AS key, count(*) AS n FROM messages
    WHERE ${MESSAGE_TIME} >= ?2 AND ${MESSAGE_TIME} < ?3 GROUP BY key`, n, lo, hi);
  const buckets = new Map<string, { key: string; events: number; messages: number }>();
  const bucket = (key: string) => buckets.get(key) ?? buckets.set(key, { key, events: 0, messages: 0 }).get(key)!;
  for (const r of events) bucket(r.key).events = r.n;
  for (const r of messages) bucket(r.key).messages = r.n;
  const eventRows = conn.rows(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE type = 'event' AND status = 'active'
    AND event_time >= ?1 AND event_time < ?2 ORDER BY event_time, id LIMIT ?3`, lo, hi, opts.limit);
  const sessions = conn.all<TimelineSlice['sessions'][number]>(`SELECT session_id AS sessionId, min(${MESSAGE_TIME}) AS first,
      max(${MESSAGE_TIME}) AS last, count(*) AS messages
    FROM messages WHERE ${MESSAGE_TIME} >= ?1 AND ${MESSAGE_TIME} < ?2 GROUP BY session_id ORDER BY first LIMIT ?3`, lo, hi, opts.limit);
  return { buckets: [...buckets.values()].sort((a, b) => a.key.localeCompare(b.key)), events: eventRows.map(memoryFromRaw), sessions };
}

export function retryJob(conn: Connection, id: string): Job | null {
  const now = nowIso();
  const row = conn.get<JobRow>(`UPDATE jobs SET status = 'pending', attempts = 0, run_at = ?1, locked_by = NULL, locked_until = NULL,
    updated_at = ?1 WHERE id = ?2 AND status = 'failed'
    RETURNING id, kind, payload, status, attempts, max_attempts, run_at, locked_by, locked_until, last_error, created_at, updated_at`, now, id);
  return row ? toJob(row) : null;
}

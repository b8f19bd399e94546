import type { NewMessage, Scored, StoredMessage } from '../../types.js';
import type { InsertMessagesResult, MessageFilter, NewJob, TextQuery } from '../store.js';
import { type Connection, nowIso } from './connection.js';
import { ftsMatchExpression } from './fts.js';
import { carriedWrite } from './carried-write.js';
import { insertJobs } from './jobs.js';
import { messageFromColumns } from '../from-columns.js';
import { MESSAGE_COLUMNS, inIdOrder, json, messageFromRaw } from './rows.js';

const SELECT = `SELECT ${MESSAGE_COLUMNS} FROM messages`;

/** MESSAGE_COLUMNS of the table aliased `m`; a column selected after them is at index AFTER_COLUMNS. */
const M_COLUMNS = MESSAGE_COLUMNS.split(', ').map((c) => `m.${c}`).join(', ');
const AFTER_COLUMNS = MESSAGE_COLUMNS.split(', ').length;

const INSERT = `INSERT OR IGNORE INTO messages (id, session_id, role, content, timestamp, metadata, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?)`;

/** One transaction; the new rows are indexed for full-text search in one statement at the end. It changes no memory. */
export function insertMessages(conn: Connection, messages: NewMessage[], enqueue: NewJob[] = [],
  carried?: (before: string, after: string) => void): InsertMessagesResult {
  return carriedWrite(conn, () => {
    const createdAt = nowIso();
    const inserted: string[] = [];
    const existing: string[] = [];
    const stored: StoredMessage[] = [];
    const seen = new Set<string>();
    const lastSeq = conn.get<{ seq: number }>(`SELECT coalesce(max(seq), 0) AS seq FROM messages`)!.seq;
    conn.withFtsDeferred(() => {
      for (const m of messages) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        const metadata = json(m.metadata);
        const res = conn.run(INSERT, m.id, m.sessionId, m.role, m.content, m.timestamp ?? null, metadata, createdAt);
        if (res.changes === 0) {
          existing.push(m.id);
          continue;
        }
        inserted.push(m.id);
        // What a read of the row would return (metadata through its JSON form).
        stored.push(messageFromColumns(Number(res.lastInsertRowid), m.id, m.sessionId, m.role, m.content, m.timestamp ?? null,
          metadata === null ? null : JSON.parse(metadata), createdAt));
      }
    });
    if (inserted.length > 0) {
      conn.run(`INSERT INTO messages_fts (rowid, content) SELECT seq, content FROM messages
        WHERE seq > ? AND content <> '[purged]'`, lastSeq);
    }
    return { inserted, existing, jobs: insertJobs(conn, enqueue), stored };
  }, carried);
}

const BY_IDS = `${SELECT} WHERE id IN (SELECT value FROM json_each(?))`;

/** In the order of `ids`; unknown ids are left out. */
export function getMessages(conn: Connection, ids: string[]): StoredMessage[] {
  if (ids.length === 0) return [];
  return inIdOrder(ids, conn.rows(BY_IDS, JSON.stringify(ids)), 1, messageFromRaw);
}

/** Read from the id index alone: the rows (and their content) stay unread. */
export function knownMessageIds(conn: Connection, ids: string[]): string[] {
  if (ids.length === 0) return [];
  return conn.all<{ id: string }>(`SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(ids)).map((r) => r.id);
}

export function listMessages(conn: Connection, filter: MessageFilter = {}): StoredMessage[] {
  const rows = conn.rows(`${SELECT} WHERE (?1 IS NULL OR session_id = ?1) AND seq > ?2 ORDER BY seq LIMIT ?3`,
    filter.sessionId ?? null, filter.afterSeq ?? 0, filter.limit ?? -1);
  return rows.map(messageFromRaw);
}

export function messageNeighbours(conn: Connection, id: string, before: number, after: number): StoredMessage[] {
  return messagesAround(conn, [id], before, after)[0];
}

/**
 * For each anchor id (in order), the anchor and up to `before`/`after` turns around it in its
 * session, oldest first (empty when the id is unknown). One statement for every anchor: each
 * statement costs more than the rows it reads here.
 */
export function messagesAround(conn: Connection, ids: string[], before: number, after: number): StoredMessage[][] {
  if (ids.length === 0) return [];
  const rows = conn.rows(AROUND, JSON.stringify(ids), Math.max(0, before), Math.max(0, after));
  const byAnchor = new Map<string, StoredMessage[]>();
  for (const r of rows) {
    const anchor = r[ANCHOR] as string;
    const list = byAnchor.get(anchor);
    if (list) list.push(messageFromRaw(r));
    else byAnchor.set(anchor, [messageFromRaw(r)]);
  }
  return ids.map((id) => byAnchor.get(id) ?? []);
}

/**
 * MESSAGE_COLUMNS, then the anchor id. The range of each anchor runs from its `before`-th
 * previous turn to its `after`-th next one (one index seek each; when fewer exist, to the
 * session's end: rows outside the session never match). Half the cost of taking the min/max of
 * a LIMIT subquery.
 */
const AROUND = `WITH a AS (
    SELECT j.value AS id, m.seq, m.session_id FROM json_each(?1) j JOIN messages m ON m.id = j.value)
  SELECT ${M_COLUMNS}, a.id AS anchor
  FROM a JOIN messages m ON m.session_id = a.session_id AND m.seq BETWEEN
    CASE WHEN ?2 = 0 THEN a.seq ELSE coalesce((SELECT p.seq FROM messages p
      WHERE p.session_id = a.session_id AND p.seq < a.seq ORDER BY p.seq DESC LIMIT 1 OFFSET ?2 - 1), 0) END
    AND CASE WHEN ?3 = 0 THEN a.seq ELSE coalesce((SELECT n.seq FROM messages n
      WHERE n.session_id = a.session_id AND n.seq > a.seq ORDER BY n.seq LIMIT 1 OFFSET ?3 - 1), 9223372036854775807) END
  ORDER BY m.seq`;
const ANCHOR = AFTER_COLUMNS;

export function searchMessages(conn: Connection, query: TextQuery, opts: { limit: number; sessionIds?: string[] }): Scored<StoredMessage>[] {
  const match = ftsMatchExpression(query);
  if (!match || opts.limit <= 0) return [];
  const sessions = opts.sessionIds && opts.sessionIds.length > 0 ? JSON.stringify(opts.sessionIds) : null;
  // Rank inside FTS5 first and join only the best rows; a session filter over-fetches, and
  // falls back to ranking every match when the filter left too few.
  const run = (inner: number) => conn.rows(
    `SELECT ${M_COLUMNS}, -f.b AS score
     FROM (SELECT rowid, bm25(messages_fts) AS b FROM messages_fts WHERE messages_fts MATCH ?1 ORDER BY b, rowid DESC LIMIT ?3) f
     JOIN messages m ON m.seq = f.rowid
     WHERE (?2 IS NULL OR m.session_id IN (SELECT value FROM json_each(?2)))
     ORDER BY f.b, m.seq DESC LIMIT ?4`, match, sessions, inner, opts.limit);
  const inner = sessions ? opts.limit * 4 : opts.limit;
  let rows = run(inner);
  if (sessions && rows.length < opts.limit) rows = run(-1);
  return rows.map((r, i) => ({ item: messageFromRaw(r), score: r[AFTER_COLUMNS] as number, rank: i + 1 }));
}

/** Kept by triggers (the `row_counts` migration step): no index is scanned. */
export function countMessages(conn: Connection): number {
  return conn.get<{ n: number }>(`SELECT n FROM row_counts WHERE tbl = 'messages'`)?.n ?? 0;
}

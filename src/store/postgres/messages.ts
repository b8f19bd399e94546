import type { NewMessage, Scored, StoredMessage } from '../../types.js';
import type { InsertMessagesResult, MessageFilter, NewJob, TextQuery } from '../store.js';
import { insertJobs } from './jobs.js';
import { type MessageRow, json, messageColumns, nowIso, toMessage } from './rows.js';
import type { Sql, Tx } from './runner.js';
import { Params, pgText, tsQueryExpression } from './sql.js';

const SELECT = `SELECT ${messageColumns()} FROM mnemo_messages`;

export interface MessageInsertRow extends NewMessage {
  seq: number;
  createdAt: string;
}

/** Locks the profile's message counter (serializing message writers of one profile) and returns it. */
export async function lockMessageSeq(tx: Tx, profile: string): Promise<number> {
  const res = await tx.query<{ message_seq: string | number }>(
    `SELECT message_seq FROM mnemo_profiles WHERE profile = $1 FOR UPDATE`, [profile]);
  return Number(res.rows[0]?.message_seq ?? 0);
}

export async function setMessageSeq(tx: Tx, profile: string, seq: number): Promise<void> {
  await tx.query(`UPDATE mnemo_profiles SET message_seq = greatest(message_seq, $2::bigint) WHERE profile = $1`, [profile, seq]);
}

/** Multi-row INSERT … ON CONFLICT DO NOTHING; returns the ids actually inserted. */
export async function insertMessageRows(tx: Tx, profile: string, rows: MessageInsertRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const res = await tx.query<{ id: string }>(`INSERT INTO mnemo_messages
      (profile, id, seq, session_id, role, content, "timestamp", metadata, created_at)
    SELECT $1, u.id, u.seq, u.session_id, u.role, u.content, u.ts, u.metadata::json, u.created_at::timestamptz
    FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
      AS u(id, seq, session_id, role, content, ts, metadata, created_at)
    ON CONFLICT DO NOTHING RETURNING id`,
  [profile, rows.map((m) => m.id), rows.map((m) => m.seq), rows.map((m) => m.sessionId), rows.map((m) => m.role),
    rows.map((m) => pgText(m.content)), rows.map((m) => m.timestamp ?? null), rows.map((m) => json(m.metadata)),
    rows.map((m) => m.createdAt)]);
  return new Set(res.rows.map((r) => r.id));
}

export async function existingMessageIds(sql: Sql, profile: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await sql.query<{ id: string }>(`SELECT id FROM mnemo_messages WHERE profile = $1 AND id = ANY($2::text[])`, [profile, ids]);
  return new Set(res.rows.map((r) => r.id));
}

export async function insertMessages(tx: Tx, profile: string, messages: NewMessage[], enqueue: NewJob[] = []): Promise<InsertMessagesResult> {
  const unique = [...new Map(messages.map((m) => [m.id, m])).values()];
  let seq = unique.length > 0 ? await lockMessageSeq(tx, profile) : 0;
  const present = await existingMessageIds(tx, profile, unique.map((m) => m.id));
  const createdAt = nowIso();
  const fresh = unique.filter((m) => !present.has(m.id)).map((m) => ({ ...m, seq: ++seq, createdAt }));
  const written = await insertMessageRows(tx, profile, fresh);
  if (fresh.length > 0) await setMessageSeq(tx, profile, seq);
  return {
    inserted: fresh.filter((m) => written.has(m.id)).map((m) => m.id),
    existing: unique.filter((m) => !written.has(m.id)).map((m) => m.id),
    jobs: await insertJobs(tx, profile, enqueue),
  };
}

/** In the order of `ids`; unknown ids are left out. */
export async function getMessages(sql: Sql, profile: string, ids: string[]): Promise<StoredMessage[]> {
  if (ids.length === 0) return [];
  const res = await sql.query<MessageRow>(`${SELECT} WHERE profile = $1 AND id = ANY($2::text[])`, [profile, ids]);
  const byId = new Map(res.rows.map((r) => [r.id, toMessage(r)]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

export async function knownMessageIds(sql: Sql, profile: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const res = await sql.query<{ id: string }>(`SELECT id FROM mnemo_messages WHERE profile = $1 AND id = ANY($2::text[])`, [profile, ids]);
  return res.rows.map((r) => r.id);
}

export async function listMessages(sql: Sql, profile: string, filter: MessageFilter = {}): Promise<StoredMessage[]> {
  const p = new Params(profile, filter.afterSeq ?? 0);
  const session = filter.sessionId !== undefined ? `AND session_id = ${p.add(filter.sessionId)}` : '';
  const limit = filter.limit !== undefined && filter.limit >= 0 ? `LIMIT ${p.add(filter.limit)}` : '';
  const res = await sql.query<MessageRow>(`${SELECT} WHERE profile = $1 AND seq > $2 ${session} ORDER BY seq ${limit}`, p.values);
  return res.rows.map(toMessage);
}

export async function messageNeighbours(sql: Sql, profile: string, id: string, before: number, after: number): Promise<StoredMessage[]> {
  const res = await sql.query<MessageRow>(`WITH anchor AS (SELECT session_id, seq FROM mnemo_messages WHERE profile = $1 AND id = $2)
    (SELECT ${messageColumns('m')} FROM mnemo_messages m, anchor a
      WHERE m.profile = $1 AND m.session_id = a.session_id AND m.seq < a.seq ORDER BY m.seq DESC LIMIT $3)
    UNION ALL (SELECT ${messageColumns('m')} FROM mnemo_messages m, anchor a
      WHERE m.profile = $1 AND m.session_id = a.session_id AND m.seq >= a.seq ORDER BY m.seq LIMIT $4)`,
  [profile, id, Math.max(0, before), Math.max(0, after) + 1]);
  return res.rows.map(toMessage).sort((a, b) => a.seq - b.seq);
}

/** For each anchor id (in order), its window of turns, oldest first; one round trip. */
export async function messagesAround(sql: Sql, profile: string, ids: string[], before: number, after: number): Promise<StoredMessage[][]> {
  if (ids.length === 0) return [];
  const res = await sql.query<MessageRow & { anchor: string }>(`SELECT a.id AS anchor, ${messageColumns('w')}
    FROM mnemo_messages a
    CROSS JOIN LATERAL (
      (SELECT * FROM mnemo_messages m WHERE m.profile = $1 AND m.session_id = a.session_id AND m.seq < a.seq ORDER BY m.seq DESC LIMIT $3)
      UNION ALL
      (SELECT * FROM mnemo_messages m WHERE m.profile = $1 AND m.session_id = a.session_id AND m.seq >= a.seq ORDER BY m.seq LIMIT $4)
    ) w
    WHERE a.profile = $1 AND a.id = ANY($2::text[])`,
  [profile, ids, Math.max(0, before), Math.max(0, after) + 1]);
  const byAnchor = new Map<string, StoredMessage[]>();
  for (const r of res.rows) {
    const list = byAnchor.get(r.anchor) ?? [];
    list.push(toMessage(r));
    byAnchor.set(r.anchor, list);
  }
  return ids.map((id) => (byAnchor.get(id) ?? []).sort((x, y) => x.seq - y.seq));
}

export async function searchMessages(sql: Sql, profile: string, query: TextQuery, opts: { limit: number; sessionIds?: string[] }): Promise<Scored<StoredMessage>[]> {
  const p = new Params(profile);
  const tsq = tsQueryExpression(query, p);
  if (!tsq || opts.limit <= 0) return [];
  const sessions = opts.sessionIds?.length ? `AND m.session_id = ANY(${p.add(opts.sessionIds)}::text[])` : '';
  const res = await sql.query<MessageRow & { score: number }>(`SELECT ${messageColumns('m')}, ts_rank_cd(m.fts, q.query) AS score
    FROM mnemo_messages m, (SELECT ${tsq} AS query) q
    WHERE m.profile = $1 AND m.fts @@ q.query ${sessions}
    ORDER BY score DESC, m.seq DESC LIMIT ${p.add(opts.limit)}`, p.values);
  return res.rows.map((r, i) => ({ item: toMessage(r), score: Number(r.score), rank: i + 1 }));
}

export async function countMessages(sql: Sql, profile: string): Promise<number> {
  const res = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM mnemo_messages WHERE profile = $1`, [profile]);
  return res.rows[0]?.n ?? 0;
}

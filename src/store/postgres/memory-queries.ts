import type { Memory, MemoryType, Scored } from '../../types.js';
import type { MemoryFilter, MemorySearchOptions, Page, TextQuery } from '../store.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { type MemoryRow, memoryColumns, toMemory } from './rows.js';
import type { Sql } from './runner.js';
import { Params, tsQueryExpression } from './sql.js';
import { filterToPostgres } from '../../filters/postgres.js';

type Filter = Omit<MemoryFilter, 'limit' | 'cursor'>;
const list = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

/** WHERE conditions after `profile = $1`, for the given filter. */
function filterSql(f: Filter, p: Params): string {
  let sql = '';
  if (f.type !== undefined) sql += ` AND type = ANY(${p.add(list(f.type))}::text[])`;
  if (f.status !== undefined) sql += ` AND status = ANY(${p.add(list(f.status))}::text[])`;
  if (f.sessionId !== undefined) sql += ` AND session_id = ${p.add(f.sessionId)}`;
  if (f.topicKey !== undefined) sql += ` AND topic_key = ${p.add(f.topicKey)}`;
  if (f.where) sql += ` AND ${filterToPostgres(f.where, p)}`;
  return sql;
}

/** Newest first (createdAt desc, id desc) with a keyset cursor. */
export async function listMemories(sql: Sql, profile: string, filter: MemoryFilter): Promise<Page<Memory>> {
  const after = filter.cursor ? decodeCursor(filter.cursor) : null;
  const limit = Math.max(1, filter.limit);
  const p = new Params(profile);
  let where = filterSql(filter, p);
  if (after) where += ` AND (created_at, id) < (${p.add(after.createdAt)}::timestamptz, ${p.add(after.id)}::text COLLATE "C")`;
  const res = await sql.query<MemoryRow>(`SELECT ${memoryColumns()} FROM mnemo_memories WHERE profile = $1 ${where}
    ORDER BY created_at DESC, id DESC LIMIT ${p.add(limit + 1)}`, p.values);
  const items = res.rows.slice(0, limit).map(toMemory);
  const last = items[items.length - 1];
  return { items, nextCursor: res.rows.length > limit && last ? encodeCursor(last) : null };
}

export async function countMemories(sql: Sql, profile: string, filter: Filter = {}): Promise<number> {
  const p = new Params(profile);
  const res = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM mnemo_memories WHERE profile = $1 ${filterSql(filter, p)}`, p.values);
  return res.rows[0]?.n ?? 0;
}

/** Full text (tsvector + GIN, ranked with ts_rank_cd) over content, queries and tags. */
export async function searchMemories(sql: Sql, profile: string, query: TextQuery, opts: MemorySearchOptions): Promise<Scored<Memory>[]> {
  const p = new Params(profile);
  const tsq = tsQueryExpression(query, p);
  if (!tsq || opts.limit <= 0) return [];
  let where = ` AND m.status = ANY(${p.add(opts.statuses?.length ? opts.statuses : ['active'])}::text[])`;
  if (opts.types?.length) where += ` AND m.type = ANY(${p.add(opts.types)}::text[])`;
  if (opts.sessionId !== undefined) where += ` AND m.session_id = ${p.add(opts.sessionId)}`;
  if (opts.derived) where += ` AND cardinality(m.derived_from) ${opts.derived === 'only' ? '>' : '='} 0`;
  const res = await sql.query<MemoryRow & { score: number }>(`SELECT ${memoryColumns('m')}, ts_rank_cd(m.fts, q.query) AS score
    FROM mnemo_memories m, (SELECT ${tsq} AS query) q
    WHERE m.profile = $1 AND m.fts @@ q.query ${where}
    ORDER BY score DESC, m.created_at DESC LIMIT ${p.add(opts.limit)}`, p.values);
  return res.rows.map((r, i) => ({ item: toMemory(r), score: Number(r.score), rank: i + 1 }));
}

/** Exact keys, plus prefix matches for keys ending in '.'; newest first. */
/** One probe of the partial index mnemo_memories_derived. */
export async function hasDerivedMemories(sql: Sql, profile: string): Promise<boolean> {
  const res = await sql.query<{ d: boolean }>(`SELECT EXISTS (SELECT 1 FROM mnemo_memories WHERE profile = $1 AND cardinality(derived_from) > 0) AS d`, [profile]);
  return res.rows[0].d;
}

export async function memoriesByTopicKeys(sql: Sql, profile: string, keys: string[], opts: { types?: MemoryType[]; limit?: number } = {}): Promise<Memory[]> {
  if (keys.length === 0) return [];
  const p = new Params(profile, keys.filter((k) => !k.endsWith('.')), keys.filter((k) => k.endsWith('.')));
  const types = opts.types?.length ? ` AND type = ANY(${p.add(opts.types)}::text[])` : '';
  const limit = opts.limit !== undefined && opts.limit >= 0 ? `LIMIT ${p.add(opts.limit)}` : '';
  const res = await sql.query<MemoryRow>(`SELECT ${memoryColumns('m')} FROM mnemo_memories m
    WHERE m.profile = $1 AND m.status = 'active' AND m.topic_key IS NOT NULL
      AND (m.topic_key = ANY($2::text[]) OR EXISTS (SELECT 1 FROM unnest($3::text[]) AS k WHERE left(m.topic_key, length(k)) = k))
      ${types}
    ORDER BY m.created_at DESC, m.id DESC ${limit}`, p.values);
  return res.rows.map(toMemory);
}

/** Every memory ever written under the key, oldest first. */
export async function history(sql: Sql, profile: string, topicKey: string): Promise<Memory[]> {
  const res = await sql.query<MemoryRow>(`SELECT ${memoryColumns()} FROM mnemo_memories WHERE profile = $1 AND topic_key = $2
    ORDER BY created_at, rid`, [profile, topicKey]);
  return res.rows.map(toMemory);
}

export async function topicKeys(sql: Sql, profile: string, prefix = '', limit = 1000): Promise<string[]> {
  const res = await sql.query<{ topic_key: string }>(`SELECT DISTINCT topic_key FROM mnemo_memories
    WHERE profile = $1 AND status = 'active' AND topic_key IS NOT NULL AND left(topic_key, length($2::text)) = $2::text
    ORDER BY topic_key LIMIT $3`, [profile, prefix, limit]);
  return res.rows.map((r) => r.topic_key);
}

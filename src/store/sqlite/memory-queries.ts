import type { Memory, MemoryType, Scored } from '../../types.js';
import type { MemoryFilter, MemorySearchOptions, Page, TextQuery } from '../store.js';
import type { Connection } from './connection.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { ftsMatchExpression } from './fts.js';
import { filterToSqlite } from '../../filters/sqlite.js';
import { MEMORY_COLUMNS, memoryFromRaw } from './rows.js';

const list = (v: string | string[] | undefined): string | null =>
  v === undefined ? null : JSON.stringify(Array.isArray(v) ? v : [v]);

const FILTER = `(?1 IS NULL OR type IN (SELECT value FROM json_each(?1)))
  AND (?2 IS NULL OR status IN (SELECT value FROM json_each(?2)))
  AND (?3 IS NULL OR session_id = ?3)
  AND (?4 IS NULL OR topic_key = ?4)`;

type Filter = Omit<MemoryFilter, 'limit' | 'cursor'>;
const filterParams = (f: Filter) => [list(f.type), list(f.status), f.sessionId ?? null, f.topicKey ?? null];

/** Newest first (createdAt desc, id desc) with a keyset cursor. */
export function listMemories(conn: Connection, filter: MemoryFilter): Page<Memory> {
  const after = filter.cursor ? decodeCursor(filter.cursor) : null;
  const limit = Math.max(1, filter.limit);
  const where = filter.where ? filterToSqlite(filter.where, 8) : null;
  const rows = conn.rows(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE ${FILTER}
      AND (?5 IS NULL OR created_at < ?5 OR (created_at = ?5 AND id < ?6)) ${where ? `AND ${where.sql}` : ''}
    ORDER BY created_at DESC, id DESC LIMIT ?7`,
    ...filterParams(filter), after?.createdAt ?? null, after?.id ?? null, limit + 1, ...(where?.params ?? []));
  const items = rows.slice(0, limit).map(memoryFromRaw);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

export function countMemories(conn: Connection, filter: Filter = {}): number {
  const where = filter.where ? filterToSqlite(filter.where, 5) : null;
  return conn.get<{ n: number }>(`SELECT count(*) AS n FROM memories WHERE ${FILTER} ${where ? `AND ${where.sql}` : ''}`,
    ...filterParams(filter), ...(where?.params ?? []))?.n ?? 0;
}

/** MEMORY_COLUMNS of the table aliased `m`, then the score and the count of FTS5 rows fetched. */
const SEARCH_COLUMNS = MEMORY_COLUMNS.split(',').map((c) => `m.${c.trim()}`).join(', ');
const SCORE = MEMORY_COLUMNS.split(',').length;
const FETCHED = SCORE + 1;

const DERIVED_ONLY = `AND rowid IN (SELECT rid FROM memories WHERE derived_from <> '[]')`;

export function searchMemories(conn: Connection, query: TextQuery, opts: MemorySearchOptions): Scored<Memory>[] {
  const match = ftsMatchExpression(query);
  if (!match || opts.limit <= 0) return [];
  // Rank inside FTS5 and join only the best rows (over-fetched for the status/type/session
  // filters); rank every match only when the filters left too few. Ties go to the newer row, as
  // in the in-memory index, so both paths return the same hits (except that FTS5's statistics count
  // derived memories, which the in-memory index keeps apart).
  // Derived memories alone: FTS5 ranks only the matches among them (index memories_derived), where
  // filtering after the join read the row of every match (tens of MB at 100K memories).
  const derivedOnly = opts.derived === 'only' ? DERIVED_ONLY : '';
  const run = (inner: number) => conn.rows(`WITH f AS (
      SELECT rowid, bm25(memories_fts) AS b FROM memories_fts WHERE memories_fts MATCH ?1 ${derivedOnly} ORDER BY b, rowid DESC LIMIT ?6)
    SELECT ${SEARCH_COLUMNS}, -f.b AS score, (SELECT count(*) FROM f) AS fetched
    FROM f JOIN memories m ON m.rid = f.rowid
    WHERE m.status IN (SELECT value FROM json_each(?2))
      AND (?3 IS NULL OR m.type IN (SELECT value FROM json_each(?3)))
      AND (?4 IS NULL OR m.session_id = ?4)
      AND (?7 IS NULL OR (m.derived_from <> '[]') = ?7)
    ORDER BY f.b, m.rid DESC LIMIT ?5`,
    match, JSON.stringify(opts.statuses?.length ? opts.statuses : ['active']),
    opts.types?.length ? JSON.stringify(opts.types) : null, opts.sessionId ?? null, opts.limit, inner,
    opts.derived === undefined ? null : opts.derived === 'only' ? 1 : 0);
  const inner = opts.limit * 4;
  let rows = run(inner);
  if (rows.length < opts.limit && ((rows[0]?.[FETCHED] as number | undefined) ?? inner) >= inner) rows = run(-1);
  return rows.map((r, i) => ({ item: memoryFromRaw(r), score: r[SCORE] as number, rank: i + 1 }));
}

/** A scan until the first derived memory (the in-memory text index answers without one). */
export function hasDerivedMemories(conn: Connection): boolean {
  return conn.get<{ d: number }>(`SELECT EXISTS (SELECT 1 FROM memories WHERE derived_from <> '[]') AS d`)!.d === 1;
}

/** Exact keys, plus prefix matches for keys ending in '.'; newest first. Index range scans only. */
export function memoriesByTopicKeys(conn: Connection, keys: string[], opts: { types?: MemoryType[]; limit?: number } = {}): Memory[] {
  if (keys.length === 0) return [];
  const exact = keys.filter((k) => !k.endsWith('.'));
  const prefixes = keys.filter((k) => k.endsWith('.'));
  const params: unknown[] = [...exact, ...prefixes.flatMap((p) => [p, `${p}\uffff`])];
  const types = opts.types ?? [];
  const limited = opts.limit !== undefined && opts.limit >= 0;
  // A prefix can match thousands of keys, which SQLite must all sort before the first row: there
  // LIMIT's bounded sort wins. Exact keys match a few rows, whose LIMIT sort costs more than reading them.
  if (limited && prefixes.length > 0) return conn.rows(topicKeySql(exact.length, prefixes.length, types.length, true), ...params, ...types, opts.limit).map(memoryFromRaw);
  const sql = topicKeySql(exact.length, prefixes.length, types.length, false);
  const rows = limited ? conn.firstRows(opts.limit!, sql, ...params, ...types) : conn.rows(sql, ...params, ...types);
  return rows.map(memoryFromRaw);
}

/** The SQL text per shape (built once: building it costs more than the statement). */
const topicKeySqls = new Map<string, string>();

function topicKeySql(exact: number, prefixes: number, types: number, limit: boolean): string {
  const shape = `${exact} ${prefixes} ${types} ${limit}`;
  let sql = topicKeySqls.get(shape);
  if (sql === undefined) {
    const conditions = [
      ...(exact ? [`topic_key IN (${new Array(exact).fill('?').join(', ')})`] : []),
      ...new Array(prefixes).fill(`(topic_key >= ? AND topic_key < ?)`),
    ];
    const typeFilter = types ? `AND type IN (${new Array(types).fill('?').join(', ')})` : '';
    sql = `SELECT ${MEMORY_COLUMNS} FROM memories
    WHERE (${conditions.join(' OR ')}) AND status = 'active' ${typeFilter}
    ORDER BY created_at DESC, id DESC${limit ? ' LIMIT ?' : ''}`;
    if (topicKeySqls.size < 1000) topicKeySqls.set(shape, sql);
  }
  return sql;
}

/** Every memory ever written under the key, oldest first. */
export function history(conn: Connection, topicKey: string): Memory[] {
  return conn.rows(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE topic_key = ? ORDER BY created_at, rid`, topicKey)
    .map(memoryFromRaw);
}

export function topicKeys(conn: Connection, prefix = '', limit = 1000): string[] {
  return conn.all<{ topic_key: string }>(`SELECT DISTINCT topic_key FROM memories
    WHERE status = 'active' AND topic_key IS NOT NULL AND substr(topic_key, 1, length(?1)) = ?1
    ORDER BY topic_key LIMIT ?2`, prefix, limit).map((r) => r.topic_key);
}

/**
 * The same first `limit` keys as topicKeys(), filtered inside SQLite: only matches become strings here.
 * One `instr` per part in the statement: a correlated `EXISTS` over the parts' table (even
 * materialized) re-ran per key, 16 → 9 ms over the first 5,000 keys at 100K memories.
 */
export function topicKeysContaining(conn: Connection, parts: string[], limit: number): string[] {
  if (parts.length === 0) return [];
  const contains = parts.map((_, i) => `instr(topic_key, ?${i + 2}) > 0`).join(' OR ');
  return conn.all<{ topic_key: string }>(`SELECT topic_key FROM (SELECT DISTINCT topic_key FROM memories
    WHERE status = 'active' AND topic_key IS NOT NULL ORDER BY topic_key LIMIT ?1)
    WHERE ${contains} ORDER BY topic_key`, limit, ...parts).map((r) => r.topic_key);
}

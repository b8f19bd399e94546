/** The inspector's memory listing: every filter, newest first, keyset-paged (never a full load). */
import type { Memory } from '../../types.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { type BrowseFilter, browseTerms } from '../inspect-types.js';
import type { Page } from '../store.js';
import type { Connection } from './connection.js';
import { ftsMatchExpression } from './fts.js';
import { MEMORY_COLUMNS, memoryFromRaw } from './rows.js';

const asList = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

export function browseMemories(conn: Connection, f: BrowseFilter): Page<Memory> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (f.type !== undefined) add(`type IN (SELECT value FROM json_each(?))`, JSON.stringify(asList(f.type)));
  if (f.status !== undefined) add(`status IN (SELECT value FROM json_each(?))`, JSON.stringify(asList(f.status)));
  if (f.tier !== undefined) add(`tier = ?`, f.tier);
  if (f.sessionId !== undefined) add(`session_id = ?`, f.sessionId);
  if (f.topicKey !== undefined) add(`topic_key = ?`, f.topicKey);
  if (f.tag !== undefined) add(`EXISTS (SELECT 1 FROM json_each(memories.tags) WHERE value = ?)`, f.tag);
  if (f.createdFrom !== undefined) add(`created_at >= ?`, f.createdFrom);
  if (f.createdTo !== undefined) add(`created_at < ?`, f.createdTo);
  const terms = browseTerms(f.text);
  if (terms.length) {
    const match = ftsMatchExpression({ terms, match: 'all' });
    // Words without a letter or digit match nothing rather than everything.
    if (match) add(`rid IN (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?)`, match);
    else return { items: [], nextCursor: null };
  }
  const after = f.cursor ? decodeCursor(f.cursor) : null;
  if (after) add(`(created_at < ? OR (created_at = ? AND id < ?))`, after.createdAt, after.createdAt, after.id);
  const limit = Math.max(1, f.limit);
  const rows = conn.rows(`SELECT ${MEMORY_COLUMNS} FROM memories ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC, id DESC LIMIT ?`, ...params, limit + 1);
  const items = rows.slice(0, limit).map(memoryFromRaw);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

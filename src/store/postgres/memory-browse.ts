/** The inspector's memory listing: every filter, newest first, keyset-paged (never a full load). */
import type { Memory } from '../../types.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { type BrowseFilter, browseTerms } from '../inspect-types.js';
import type { Page } from '../store.js';
import { type MemoryRow, memoryColumns, toMemory } from './rows.js';
import type { Sql } from './runner.js';
import { Params, tsQueryExpression } from './sql.js';

const asList = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

export async function browseMemories(sql: Sql, profile: string, f: BrowseFilter): Promise<Page<Memory>> {
  const p = new Params(profile);
  let where = '';
  if (f.type !== undefined) where += ` AND type = ANY(${p.add(asList(f.type))}::text[])`;
  if (f.status !== undefined) where += ` AND status = ANY(${p.add(asList(f.status))}::text[])`;
  if (f.tier !== undefined) where += ` AND tier = ${p.add(f.tier)}`;
  if (f.sessionId !== undefined) where += ` AND session_id = ${p.add(f.sessionId)}`;
  if (f.topicKey !== undefined) where += ` AND topic_key = ${p.add(f.topicKey)}`;
  if (f.tag !== undefined) where += ` AND ${p.add(f.tag)}::text = ANY(tags)`;
  if (f.createdFrom !== undefined) where += ` AND created_at >= ${p.add(f.createdFrom)}::timestamptz`;
  if (f.createdTo !== undefined) where += ` AND created_at < ${p.add(f.createdTo)}::timestamptz`;
  const terms = browseTerms(f.text);
  if (terms.length) {
    const tsq = tsQueryExpression({ terms, match: 'all' }, p);
    if (!tsq) return { items: [], nextCursor: null };
    where += ` AND fts @@ ${tsq}`;
  }
  const after = f.cursor ? decodeCursor(f.cursor) : null;
  if (after) where += ` AND (created_at, id) < (${p.add(after.createdAt)}::timestamptz, ${p.add(after.id)}::text COLLATE "C")`;
  const limit = Math.max(1, f.limit);
  const res = await sql.query<MemoryRow>(`SELECT ${memoryColumns()} FROM mnemo_memories WHERE profile = $1 ${where}
    ORDER BY created_at DESC, id DESC LIMIT ${p.add(limit + 1)}`, p.values);
  const items = res.rows.slice(0, limit).map(toMemory);
  const last = items[items.length - 1];
  return { items, nextCursor: res.rows.length > limit && last ? encodeCursor(last) : null };
}

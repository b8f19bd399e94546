import { ftsTokens } from '../../search/fts-tokens.js';
import type { Memory, Scored, StoredMessage } from '../../types.js';
import type { MemorySearchOptions, TextQuery } from '../store.js';
import type { Connection } from './connection.js';
import { type MemoryRowCache, RID_AT } from './memory-row-cache.js';
import { MESSAGE_COLUMNS, memoryFromRaw, messageFromRaw } from './rows.js';
import type { SqliteTextIndex, TextPart } from './text-index.js';

const LOAD_MESSAGES = `SELECT ${MESSAGE_COLUMNS} FROM messages
  WHERE seq IN (SELECT value FROM json_each(?1)) AND (?2 IS NULL OR session_id IN (SELECT value FROM json_each(?2)))`;
/** `seq`, the messages' index key, is the first of MESSAGE_COLUMNS. */
const MESSAGE_KEY = 0;

/**
 * Full-text search through the in-memory BM25 indexes: the index ranks, SQLite loads the best
 * rows and applies the filters (status, type, session); when the filters drop too many, the
 * index is asked for four times as many until enough are left or every match was seen.
 * Null while the index is still loading: the caller searches FTS5 instead.
 */
export function searchMemoriesIndexed(
  conn: Connection, index: SqliteTextIndex, rows: MemoryRowCache, query: TextQuery, opts: MemorySearchOptions,
): Scored<Memory>[] | null {
  const phrases = queryPhrases(query);
  if (phrases.length === 0 || opts.limit <= 0) return [];
  const filter = { statuses: opts.statuses?.length ? opts.statuses : ['active'], types: opts.types, sessionId: opts.sessionId };
  // Most indexed memories are active: a small margin covers the superseded and forgotten ones.
  const first = opts.sessionId || opts.types?.length ? opts.limit * 4 : Math.ceil(opts.limit * 1.2) + 5;
  const part = opts.derived === 'exclude' ? 'main' : opts.derived === 'only' ? 'apart' : 'all';
  return filteredTop(index, phrases, query.match === 'all', opts.limit, first,
    (keys) => rows.rowsOfRids(conn, keys, filter), RID_AT, memoryFromRaw, part);
}

export function searchMessagesIndexed(conn: Connection, index: SqliteTextIndex, query: TextQuery, opts: { limit: number; sessionIds?: string[] }): Scored<StoredMessage>[] | null {
  const phrases = queryPhrases(query);
  if (phrases.length === 0 || opts.limit <= 0) return [];
  const sessions = opts.sessionIds?.length ? JSON.stringify(opts.sessionIds) : null;
  return filteredTop(index, phrases, query.match === 'all', opts.limit, sessions ? opts.limit * 4 : opts.limit,
    (keys) => conn.rows(LOAD_MESSAGES, JSON.stringify(keys), sessions), MESSAGE_KEY, messageFromRaw, 'all');
}

/** Each term as FTS5 would read it quoted: its tokens, in order; terms without any token dropped. */
function queryPhrases(query: TextQuery): string[][] {
  return query.terms.map((t) => ftsTokens(t)).filter((p) => p.length > 0);
}

/**
 * The best `limit` hits whose rows pass the filters in `load`. Rows are read for a prefix of the
 * hits: `limit` and a small margin first, then as many more as the pass rate so far says are
 * still needed. A search whose filters drop little thus reads about `limit` rows however far the
 * index over-fetched, and the results stay those of reading every hit (the same prefix of the
 * same hit list decides them). Only when every hit was read and too few passed is the index asked
 * for four times as many; rows already read are not read again. Only the rows kept become objects.
 */
function filteredTop<T>(
  index: SqliteTextIndex, phrases: string[][], all: boolean, limit: number, first: number,
  load: (keys: number[]) => unknown[][], keyColumn: number, toItem: (row: unknown[]) => T, part: TextPart,
): Scored<T>[] | null {
  /** Every key read so far: its row, or null when the filters dropped it. */
  const rows = new Map<number, unknown[] | null>();
  const margin = Math.ceil(limit / 16);
  for (let fetch = first; ; fetch *= 4) {
    const hits = index.search(phrases, fetch, all, part);
    if (!hits) return null;
    let passed = 0;
    let read = 0; // hits[0, read) have their rows in `rows`
    while (passed < limit && read < hits.length) {
      // The rows still missing at the pass rate seen so far (all the rest when none passed).
      const need = limit - passed;
      const more = read === 0 ? need + margin : passed === 0 ? hits.length : Math.ceil((need * read) / passed) + margin;
      const end = Math.min(hits.length, read + more);
      const keys: number[] = [];
      for (let i = read; i < end; i++) if (!rows.has(hits[i].id)) keys.push(hits[i].id);
      if (keys.length > 0) {
        for (const k of keys) rows.set(k, null);
        for (const r of load(keys)) rows.set(r[keyColumn] as number, r);
      }
      for (let i = read; i < end; i++) if (rows.get(hits[i].id)) passed++;
      read = end;
    }
    if (passed >= limit || hits.length < fetch) {
      const out: Scored<T>[] = [];
      for (let i = 0; i < read && out.length < limit; i++) {
        const row = rows.get(hits[i].id);
        if (row) out.push({ item: toItem(row), score: hits[i].score, rank: out.length + 1 });
      }
      return out;
    }
  }
}

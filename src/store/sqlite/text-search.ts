import { ftsTokens } from '../../search/fts-tokens.js';
import type { Memory, Scored, StoredMessage } from '../../types.js';
import type { MemorySearchOptions, TextQuery } from '../store.js';
import type { Connection } from './connection.js';
import { MEMORY_COLUMNS, MESSAGE_COLUMNS, memoryFromRaw, messageFromRaw } from './rows.js';
import type { SqliteTextIndex } from './text-index.js';

/** Rows of the given keys that pass the filters; the key is the last column. */
const LOAD_MEMORIES = `SELECT ${MEMORY_COLUMNS}, rid FROM memories
  WHERE rid IN (SELECT value FROM json_each(?1)) AND status IN (SELECT value FROM json_each(?2))
    AND (?3 IS NULL OR type IN (SELECT value FROM json_each(?3))) AND (?4 IS NULL OR session_id = ?4)`;
const MEMORY_KEY = MEMORY_COLUMNS.split(',').length;

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
export function searchMemoriesIndexed(conn: Connection, index: SqliteTextIndex, query: TextQuery, opts: MemorySearchOptions): Scored<Memory>[] | null {
  const phrases = queryPhrases(query);
  if (phrases.length === 0 || opts.limit <= 0) return [];
  const statuses = JSON.stringify(opts.statuses?.length ? opts.statuses : ['active']);
  const types = opts.types?.length ? JSON.stringify(opts.types) : null;
  // Most indexed memories are active: a small margin covers the superseded and forgotten ones.
  const first = opts.sessionId || types ? opts.limit * 4 : Math.ceil(opts.limit * 1.2) + 5;
  return filteredTop(index, phrases, query.match === 'all', opts.limit, first,
    (keys) => conn.rows(LOAD_MEMORIES, keys, statuses, types, opts.sessionId ?? null), MEMORY_KEY, memoryFromRaw);
}

export function searchMessagesIndexed(conn: Connection, index: SqliteTextIndex, query: TextQuery, opts: { limit: number; sessionIds?: string[] }): Scored<StoredMessage>[] | null {
  const phrases = queryPhrases(query);
  if (phrases.length === 0 || opts.limit <= 0) return [];
  const sessions = opts.sessionIds?.length ? JSON.stringify(opts.sessionIds) : null;
  return filteredTop(index, phrases, query.match === 'all', opts.limit, sessions ? opts.limit * 4 : opts.limit,
    (keys) => conn.rows(LOAD_MESSAGES, keys, sessions), MESSAGE_KEY, messageFromRaw);
}

/** Each term as FTS5 would read it quoted: its tokens, in order; terms without any token dropped. */
function queryPhrases(query: TextQuery): string[][] {
  return query.terms.map((t) => ftsTokens(t)).filter((p) => p.length > 0);
}

/** Raw rows are loaded for every hit fetched, but only the `limit` kept become objects. */
function filteredTop<T>(
  index: SqliteTextIndex, phrases: string[][], all: boolean, limit: number, first: number,
  load: (keysJson: string) => unknown[][], keyColumn: number, toItem: (row: unknown[]) => T,
): Scored<T>[] | null {
  for (let fetch = first; ; fetch *= 4) {
    const hits = index.search(phrases, fetch, all);
    if (!hits) return null;
    const keys: number[] = new Array(hits.length);
    for (let i = 0; i < hits.length; i++) keys[i] = hits[i].id;
    const loaded = load(JSON.stringify(keys));
    if (loaded.length >= limit || hits.length < fetch) {
      const rows = new Map<number, unknown[]>();
      for (const r of loaded) rows.set(r[keyColumn] as number, r);
      const out: Scored<T>[] = [];
      for (const h of hits) {
        const row = rows.get(h.id);
        if (row === undefined) continue;
        out.push({ item: toItem(row), score: h.score, rank: out.length + 1 });
        if (out.length === limit) break;
      }
      return out;
    }
  }
}

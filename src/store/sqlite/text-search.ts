import { ftsTokens } from '../../search/fts-tokens.js';
import type { Memory, Scored, StoredMessage } from '../../types.js';
import type { MemorySearchOptions, TextQuery } from '../store.js';
import type { Connection } from './connection.js';
import { MEMORY_COLUMNS, MESSAGE_COLUMNS, type MemoryRow, type MessageRow, toMemory, toMessage } from './rows.js';
import type { SqliteTextIndex } from './text-index.js';

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
  return filteredTop(index, phrases, query.match === 'all', opts.limit, first, (keys) =>
    conn.all<MemoryRow & { k: number }>(`SELECT rid AS k, ${MEMORY_COLUMNS} FROM memories
      WHERE rid IN (SELECT value FROM json_each(?1)) AND status IN (SELECT value FROM json_each(?2))
        AND (?3 IS NULL OR type IN (SELECT value FROM json_each(?3))) AND (?4 IS NULL OR session_id = ?4)`,
    keys, statuses, types, opts.sessionId ?? null).map((r) => [r.k, toMemory(r)] as const));
}

export function searchMessagesIndexed(conn: Connection, index: SqliteTextIndex, query: TextQuery, opts: { limit: number; sessionIds?: string[] }): Scored<StoredMessage>[] | null {
  const phrases = queryPhrases(query);
  if (phrases.length === 0 || opts.limit <= 0) return [];
  const sessions = opts.sessionIds?.length ? JSON.stringify(opts.sessionIds) : null;
  return filteredTop(index, phrases, query.match === 'all', opts.limit, sessions ? opts.limit * 4 : opts.limit, (keys) =>
    conn.all<MessageRow & { k: number }>(`SELECT seq AS k, ${MESSAGE_COLUMNS} FROM messages
      WHERE seq IN (SELECT value FROM json_each(?1)) AND (?2 IS NULL OR session_id IN (SELECT value FROM json_each(?2)))`,
    keys, sessions).map((r) => [r.k, toMessage(r)] as const));
}

/** Each term as FTS5 would read it quoted: its tokens, in order; terms without any token dropped. */
function queryPhrases(query: TextQuery): string[][] {
  return query.terms.map((t) => ftsTokens(t)).filter((p) => p.length > 0);
}

function filteredTop<T>(
  index: SqliteTextIndex, phrases: string[][], all: boolean, limit: number, first: number,
  load: (keysJson: string) => (readonly [number, T])[],
): Scored<T>[] | null {
  for (let fetch = first; ; fetch *= 4) {
    const hits = index.search(phrases, fetch, all);
    if (!hits) return null;
    const rows = new Map(load(JSON.stringify(hits.map((h) => h.id))));
    if (rows.size >= limit || hits.length < fetch) {
      const out: Scored<T>[] = [];
      for (const h of hits) {
        const item = rows.get(h.id);
        if (item === undefined) continue;
        out.push({ item, score: h.score, rank: out.length + 1 });
        if (out.length === limit) break;
      }
      return out;
    }
  }
}

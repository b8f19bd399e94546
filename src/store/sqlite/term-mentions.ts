import { ftsTokens } from '../../search/fts-tokens.js';
import type { Connection } from './connection.js';
import type { SqliteTextIndex } from './text-index.js';

const ANY_ACTIVE = `SELECT 1 AS y FROM memories WHERE rid IN (SELECT value FROM json_each(?)) AND status = 'active' LIMIT 1`;
/** Matches whose status the first statement reads; each further one reads four times as many. */
const FIRST_BATCH = 32;

/** Whether a message holds the term, from the index's postings alone; null while it is not loaded. */
export function messageMentions(index: SqliteTextIndex, term: string): boolean | null {
  const tokens = ftsTokens(term);
  if (tokens.length === 0) return false;
  const keys = index.keysWith(tokens);
  return keys && !keys[Symbol.iterator]().next().done;
}

/**
 * Whether an active memory holds the term: the index lists the memories holding it, latest first
 * (the superseded ones are older), and SQLite reads their statuses a batch at a time until one is
 * active. Null while the index is not loaded.
 */
export function activeMemoryMentions(conn: Connection, index: SqliteTextIndex, term: string): boolean | null {
  const tokens = ftsTokens(term);
  if (tokens.length === 0) return false;
  const keys = index.keysWith(tokens);
  if (!keys) return null;
  let batch: number[] = [];
  let size = FIRST_BATCH;
  for (const key of keys) {
    batch.push(key);
    if (batch.length < size) continue;
    if (anyActive(conn, batch)) return true;
    batch = [];
    size *= 4;
  }
  return batch.length > 0 && anyActive(conn, batch);
}

function anyActive(conn: Connection, rids: number[]): boolean {
  return conn.get(ANY_ACTIVE, JSON.stringify(rids)) !== undefined;
}

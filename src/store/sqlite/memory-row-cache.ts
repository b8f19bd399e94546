import type { MemoryType } from '../../types.js';
import type { Connection } from './connection.js';
import { MEMORY_COLUMNS, memoryColumnAt } from './rows.js';

/** Where `rid` sits in a cached row: after MEMORY_COLUMNS, so memoryFromRaw reads the row as it is. */
export const RID_AT = MEMORY_COLUMNS.split(',').length;
const ID_AT = memoryColumnAt('id');
const TYPE_AT = memoryColumnAt('type');
const STATUS_AT = memoryColumnAt('status');
const SESSION_AT = memoryColumnAt('session_id');

const BY_RIDS = `SELECT ${MEMORY_COLUMNS}, rid FROM memories WHERE rid IN (SELECT value FROM json_each(?))`;
const BY_IDS = `SELECT ${MEMORY_COLUMNS}, rid FROM memories WHERE id IN (SELECT value FROM json_each(?))`;

/** Rows held at most (about 1 KB each, per open profile); past this the cache starts over. */
const MAX_ROWS = 2048;

/** The filters a full-text search applies to the rows it ranked. */
export interface RowFilter {
  statuses: readonly string[];
  types?: readonly MemoryType[];
  sessionId?: string;
}

/**
 * Memory rows, as raw column values, kept while the connection's write generation stands (any
 * commit, by any connection, starts over). Building a wide row's values costs more than the
 * lookup, and recalls read the same rows again: the best full-text and vector candidates of
 * related questions overlap. Rows are plain values, never shared objects: each caller builds its
 * own Memory from them. Inside a transaction, whose writes may roll back, rows are read uncached.
 */
export class MemoryRowCache {
  private generation: string | null = null;
  private readonly byRid = new Map<number, unknown[]>();
  private readonly byId = new Map<string, unknown[]>();

  /** The rows of these ids (unknown ones left out), in no particular order. */
  rowsOfIds(conn: Connection, ids: readonly string[]): unknown[][] {
    return this.read(conn, ids, this.byId, BY_IDS);
  }

  /** The rows of these rids that pass `filter`, in no particular order. */
  rowsOfRids(conn: Connection, rids: readonly number[], filter: RowFilter): unknown[][] {
    const statuses = new Set<unknown>(filter.statuses);
    const types = filter.types?.length ? new Set<unknown>(filter.types) : null;
    const session = filter.sessionId ?? null;
    return this.read(conn, rids, this.byRid, BY_RIDS).filter(
      (r) => statuses.has(r[STATUS_AT]) && (!types || types.has(r[TYPE_AT])) && (session === null || r[SESSION_AT] === session),
    );
  }

  private read<K>(conn: Connection, keys: readonly K[], held: Map<K, unknown[]>, sql: string): unknown[][] {
    if (!this.current(conn)) return conn.rows(sql, JSON.stringify(keys));
    const out: unknown[][] = [];
    const missing: K[] = [];
    for (const k of keys) {
      const row = held.get(k);
      if (row) out.push(row);
      else missing.push(k);
    }
    if (missing.length === 0) return out;
    if (this.byRid.size + missing.length > MAX_ROWS) this.clear();
    for (const row of conn.rows(sql, JSON.stringify(missing))) {
      this.byRid.set(row[RID_AT] as number, row);
      this.byId.set(row[ID_AT] as string, row);
      out.push(row);
    }
    return out;
  }

  /** False inside a transaction; else drops the rows of an older generation. */
  private current(conn: Connection): boolean {
    if (conn.db.inTransaction) return false;
    const generation = conn.writeGeneration();
    if (generation !== this.generation) {
      this.clear();
      this.generation = generation;
    }
    return true;
  }

  /** A write from `before` to `after` changed no memory row: the rows held stand. */
  carry(before: string, after: string): void {
    if (this.generation === before) this.generation = after;
  }

  private clear(): void {
    this.byRid.clear();
    this.byId.clear();
  }
}

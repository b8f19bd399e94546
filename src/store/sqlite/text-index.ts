import { type Bm25Hit, Bm25Index } from '../../search/bm25-index.js';
import { ftsTokens } from '../../search/fts-tokens.js';
import type { Connection } from './connection.js';

export interface TextTable {
  name: 'memories' | 'messages';
  key: 'rid' | 'seq';
  /** The searchable columns, concatenated as the FTS5 table indexes them. */
  text: string;
}

export const MEMORY_TEXT: TextTable = { name: 'memories', key: 'rid', text: `content || ' ' || queries || ' ' || tags` };
export const MESSAGE_TEXT: TextTable = { name: 'messages', key: 'seq', text: 'content' };

/** Past this many logged changes a full reload is cheaper than replaying them one by one. */
const RELOAD_ABOVE = 5_000;

/**
 * The in-memory BM25 index over one table's text, ranking exactly like its FTS5 table (which
 * stays the on-disk index for other tools), without scoring every match of a common word in
 * SQLite. Each search first catches up with the database: rows past the highest key seen are
 * appended, and `text_log` names rows changed otherwise (by any process) since the last search.
 */
export class SqliteTextIndex {
  private index: Bm25Index | null = null;
  private lastKey = 0;
  private rev = 0;

  constructor(private readonly conn: Connection, private readonly table: TextTable) {}

  get size(): number {
    return this.index?.size ?? 0;
  }

  search(phrases: string[][], limit: number, all: boolean): Bm25Hit[] {
    this.conn.read(() => this.sync());
    return this.index!.search({ phrases, limit, all });
  }

  /** Loads or catches up now (a server warms up before its first request). */
  warm(): void {
    this.conn.read(() => this.sync());
  }

  private sync(): void {
    const { name, key } = this.table;
    const state = this.conn.get<{ hiKey: number; hiRev: number; loRev: number | null }>(
      `SELECT (SELECT coalesce(max(${key}), 0) FROM ${name}) AS hiKey,
        (SELECT coalesce(max(rev), 0) FROM text_log) AS hiRev, (SELECT min(rev) FROM text_log) AS loRev`)!;
    if (!this.index || state.hiRev < this.rev || (state.hiRev > this.rev && state.loRev !== null && state.loRev > this.rev + 1)) {
      return this.load(state.hiRev, state.hiKey);
    }
    if (state.hiRev > this.rev) {
      const changed = this.conn.all<{ k: number }>(
        `SELECT DISTINCT row_key AS k FROM text_log WHERE rev > ? AND rev <= ? AND tbl = ?`, this.rev, state.hiRev, name);
      if (changed.length > RELOAD_ABOVE) return this.load(state.hiRev, state.hiKey);
      // Rows past lastKey are read whole by the append step below.
      const seen = changed.map((c) => c.k).filter((k) => k <= this.lastKey);
      for (const k of seen) this.index.remove(k);
      this.addRows(`${key} IN (SELECT value FROM json_each(?))`, JSON.stringify(seen));
      this.rev = state.hiRev;
    }
    if (state.hiKey > this.lastKey) {
      this.addRows(`${key} > ?`, this.lastKey);
      this.lastKey = state.hiKey; // same snapshot: nothing past it yet
    }
  }

  private load(rev: number, hiKey: number): void {
    this.index = new Bm25Index();
    this.addRows(`${this.table.key} > ?`, 0);
    this.lastKey = hiKey;
    this.rev = rev;
  }

  private addRows(where: string, param: unknown): void {
    const { name, key, text } = this.table;
    const rows = this.conn.stmt(`SELECT ${key} AS k, ${text} AS t FROM ${name} WHERE ${where} AND content <> '[purged]'`)
      .raw()
      .iterate(param) as IterableIterator<[number, string]>;
    for (const [k, t] of rows) this.index!.add(k, ftsTokens(t));
  }
}

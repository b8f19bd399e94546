import { Bm25Builder } from '../../search/bm25-builder.js';
import { type Bm25Hit, Bm25Index } from '../../search/bm25-index.js';
import { ftsTokens } from '../../search/fts-tokens.js';
import { nextBackgroundSlice } from '../../background/foreground.js';
import type { Connection } from './connection.js';
import { purgeGeneration } from './purge-marker.js';
import { parseTextSnapshot, readTextSnapshotFile, readTextSnapshotFileAsync, removeTextSnapshot, saveTextSnapshot, savedTextPoint, type TextSnapshot } from './text-snapshot.js';
import { databaseId } from './vector-ann-files.js';

export interface TextTable {
  name: 'memories' | 'messages';
  key: 'rid' | 'seq';
  /** The searchable columns, concatenated as the FTS5 table indexes them. */
  text: string;
  /**
   * Rows kept in an index of their own (an SQL condition): scored against the main index's
   * statistics, they leave the main rows' scores as they would be without them.
   */
  apart?: string;
}

/** What a search covers: the main rows, the rows kept apart, or both merged by score. */
export type TextPart = 'main' | 'apart' | 'all';

/**
 * Memories derived by consolidation are kept apart: a digest holds all its members' words, and
 * in the shared statistics it would lower every other memory's score for those words.
 */
export const MEMORY_TEXT: TextTable = {
  name: 'memories', key: 'rid', text: `content || ' ' || queries || ' ' || tags`, apart: `derived_from <> '[]'`,
};
export const MESSAGE_TEXT: TextTable = { name: 'messages', key: 'seq', text: 'content' };

/** Past this many logged changes a full reload is cheaper than replaying them one by one. */
const RELOAD_ABOVE = 5_000;
/**
 * Postings a search scans whole (see Bm25Query.scanBudget): words common enough to pass it only
 * score the rows rarer words found, so a search's cost stops growing with the table while its
 * rarest word stays selective. Above what all of a question's words hold together in a
 * conversation-sized profile (a few thousand rows), where every match is still scored; at 1M
 * memories a question's words hold 100K-250K postings.
 */
const SCAN_BUDGET = 20_000;
/** Rows read per slice of a background load, between which the event loop runs. */
const LOAD_CHUNK = 2_000;

export interface TextIndexOptions {
  /**
   * Tables with more rows than this load in the background, in slices, while searches fall back
   * to FTS5 (same ranking, slower); smaller ones load on the first search. Default 20K.
   */
  backgroundAbove?: number;
  /**
   * `search` (default): the first search loads the index (see backgroundAbove). `warm`: only
   * `warm()` does; until then searches use FTS5 (same BM25), so a short-lived process (a CLI
   * command) reads just the postings of its query's terms instead of indexing every row.
   */
  loadOn?: 'search' | 'warm';
  /** Where the index is saved and restored from (absent: it is built from the rows every time). */
  snapshot?: TextSnapshotOptions;
}

export interface TextSnapshotOptions {
  /** The file (see textSnapshotPath). */
  path: string;
  /**
   * Whether this process may create the database's id for its index files (a write): one that
   * may not (a recall thread) saves only once a writer has created it.
   */
  createId: boolean;
  /** Tables with fewer rows are not saved: they load in milliseconds. Default 20K. */
  minRows?: number;
  /** Rows taken in since the last save past which (and past a tenth of the index) it saves again. Default 20K. */
  resaveAfter?: number;
  onEvent?: (event: TextIndexEvent) => void;
}

export interface TextIndexEvent {
  event: 'text-restore' | 'text-reject' | 'text-save' | 'text-save-error';
  table: 'memories' | 'messages';
  /** Rows in the index restored or saved. */
  size?: number;
  /** Why a snapshot was rejected or a save failed. */
  detail?: string;
}


/**
 * The in-memory BM25 index over one table's text, ranking exactly like its FTS5 table (which
 * stays the on-disk index for other tools), without scoring every match of a common word in
 * SQLite. Each search first catches up with the database: rows past the highest key seen are
 * appended, and `text_log` names rows changed otherwise (by any process) since the last search.
 */
export class SqliteTextIndex {
  private index: Bm25Index | null = null;
  private apartIndex = new Bm25Index();
  private lastKey = 0;
  private rev = 0;
  private loading: Promise<void> | null = null;
  private closed = false;
  private saving: Promise<void> | null = null;
  /** Rows added or re-read since the index was built, restored or saved. */
  private changedSinceSave = 0;
  /** Where the last catch-up left the index, at which write generation (see catchUp). */
  private caughtUp: { generation: string | null; index: Bm25Index | null; apart: Bm25Index | null; rev: number; lastKey: number } = { generation: null, index: null, apart: null, rev: -1, lastKey: -1 };

  constructor(private readonly conn: Connection, private readonly table: TextTable, private readonly opts: TextIndexOptions = {}) {}

  get size(): number {
    return (this.index?.size ?? 0) + this.apartIndex.size;
  }

  /** Best hits, or null while a large table is still loading (the caller asks FTS5 instead). */
  search(phrases: string[][], limit: number, all: boolean, part: TextPart = 'all'): Bm25Hit[] | null {
    if (!this.index && (this.opts.loadOn === 'warm' || !this.loadNowOrLater())) return null;
    this.catchUp();
    const main = this.index!;
    const query = { phrases, limit, all, scanBudget: SCAN_BUDGET };
    if (part === 'main') return main.search(query);
    const apart = this.apartIndex.search(query, main);
    if (part === 'apart') return apart;
    const merged = [...main.search(query), ...apart].sort((a, b) => b.score - a.score || b.id - a.id);
    return limit < 0 ? merged : merged.slice(0, limit);
  }

  /**
   * Keys of the rows holding every token of `phrase` (as `search` matches them), found without
   * scoring: the main rows', latest indexed first, then those kept apart. Null while the index is
   * not loaded (see search).
   */
  keysWith(phrase: string[]): Iterable<number> | null {
    if (!this.index && (this.opts.loadOn === 'warm' || !this.loadNowOrLater())) return null;
    this.catchUp();
    const [main, apart] = [this.index!, this.apartIndex];
    return (function* () {
      yield* main.documentsWith(phrase);
      yield* apart.documentsWith(phrase);
    })();
  }

  /** Whether any row is kept apart (after catching up), or null while the index is not loaded. */
  hasApart(): boolean | null {
    if (!this.index) return null;
    this.catchUp();
    return this.apartIndex.size > 0;
  }

  /**
   * Brings the index up to date with the log, unless nothing was committed since it last was (the
   * write generation stands, the index is the one caught up then): a search then saves the read
   * transaction and statement of finding that nothing changed.
   */
  private catchUp(): void {
    const generation = this.conn.db.inTransaction ? null : this.conn.writeGeneration();
    const at = this.caughtUp;
    if (generation !== null && at.generation === generation && at.index === this.index && at.apart === this.apartIndex && at.rev === this.rev && at.lastKey === this.lastKey) return;
    this.conn.read(() => this.sync());
    this.caughtUp = { generation, index: this.index, apart: this.apartIndex, rev: this.rev, lastKey: this.lastKey };
  }

  /** Loads (waiting for a background load) and catches up: a server warms up before serving. */
  async warm(): Promise<void> {
    if (!this.index && !this.loadNowOrLater()) await this.loading;
    if (this.index && !this.closed) this.conn.read(() => this.sync());
  }

  /** Stops a background load; call before the connection closes. */
  async close(): Promise<void> {
    this.closed = true;
    await this.loading;
    await this.saving;
  }

  /** Loads a small table now (true), or starts loading a large one in the background (false). */
  private loadNowOrLater(): boolean {
    if (this.loading) return false;
    const rows = this.conn.get<{ n: number }>(`SELECT count(*) AS n FROM ${this.table.name}`)!.n;
    if (rows <= (this.opts.backgroundAbove ?? 20_000)) {
      const snap = this.opts.snapshot;
      this.conn.read(() => {
        // A table below minRows was never saved: not even a failed open for it.
        if (snap && rows >= (snap.minRows ?? 20_000)) this.readSaved(readTextSnapshotFile(snap.path));
        this.sync();
      });
      return true;
    }
    // A failed load leaves the index unloaded: searches use FTS5 (which reports a broken database)
    // and the next one tries loading again.
    this.loading = this.loadInSlices().catch(() => {}).finally(() => { this.loading = null; });
    return false;
  }

  /**
   * Reads the table in key order, a slice at a time. Changes made meanwhile to rows already read
   * are in `text_log` after the position taken first, so the first sync afterwards applies them.
   */
  private async loadInSlices(): Promise<void> {
    const snap = this.opts.snapshot;
    if (snap) {
      const file = await readTextSnapshotFileAsync(snap.path);
      if (this.closed || this.readSaved(file)) return;
    }
    const { key } = this.table;
    const builder = new Bm25Builder();
    const apart = new Bm25Index();
    const rev = this.conn.get<{ r: number }>(`SELECT coalesce(max(rev), 0) AS r FROM text_log`)!.r;
    let after = 0;
    for (;;) {
      if (this.closed) return;
      const last = this.addRowsTo(textOf(builder), tokensOf(apart), `${key} > ? ORDER BY ${key} LIMIT ${LOAD_CHUNK}`, after);
      if (last === null) break;
      after = last;
      await nextBackgroundSlice();
    }
    // No row past `after` existed when the last (empty) slice was read.
    this.index = builder.finish();
    this.apartIndex = apart;
    this.lastKey = after;
    this.rev = rev;
    this.changedSinceSave = 0;
    this.saveSoon();
  }

  private logState(): LogState {
    const { name, key } = this.table;
    return this.conn.get<LogState>(
      `SELECT (SELECT coalesce(max(${key}), 0) FROM ${name}) AS hiKey,
        (SELECT coalesce(max(rev), 0) FROM text_log) AS hiRev, (SELECT min(rev) FROM text_log) AS loRev`)!;
  }

  private sync(): void {
    const { name, key } = this.table;
    const state = this.logState();
    if (!this.index || state.hiRev < this.rev || (state.hiRev > this.rev && state.loRev !== null && state.loRev > this.rev + 1)) {
      this.load(state.hiRev, state.hiKey);
      this.changedSinceSave = 0;
      this.saveSoon();
      return;
    }
    if (state.hiRev > this.rev) {
      const changed = this.conn.all<{ k: number }>(
        `SELECT DISTINCT row_key AS k FROM text_log WHERE rev > ? AND rev <= ? AND tbl = ?`, this.rev, state.hiRev, name);
      if (changed.length > RELOAD_ABOVE) return this.load(state.hiRev, state.hiKey);
      // Rows past lastKey are read whole by the append step below.
      const seen = changed.map((c) => c.k).filter((k) => k <= this.lastKey);
      for (const k of seen) {
        this.index.remove(k);
        this.apartIndex.remove(k);
      }
      this.addRowsTo(tokensOf(this.index), tokensOf(this.apartIndex), `${key} IN (SELECT value FROM json_each(?))`, JSON.stringify(seen));
      this.rev = state.hiRev;
      this.changedSinceSave += changed.length;
    }
    if (state.hiKey > this.lastKey) {
      this.addRowsTo(tokensOf(this.index), tokensOf(this.apartIndex), `${key} > ?`, this.lastKey);
      this.changedSinceSave += state.hiKey - this.lastKey;
      this.lastKey = state.hiKey; // same snapshot: nothing past it yet
    }
    if (this.opts.snapshot && this.changedSinceSave > Math.max(this.opts.snapshot.resaveAfter ?? 20_000, this.size / 10)) this.saveSoon();
  }

  /**
   * Takes the saved index in `file` (null: none saved), unless it is damaged, another database's
   * or schema's, or outside the kept change log (each reported); whether it took it.
   */
  private readSaved(file: Buffer | null): boolean {
    if (!file) return false;
    let saved: TextSnapshot;
    try {
      saved = parseTextSnapshot(file, this.table.name, databaseId(this.conn, false), schemaVersion(this.conn));
    } catch (err) {
      this.rejected(err as Error);
      return false;
    }
    return this.conn.read(() => this.restore(saved, this.logState()));
  }

  /**
   * Takes a saved index when the log still reaches its point (else the caller builds from the
   * rows): the changes since are applied by the sync that follows, as for an index kept in memory.
   */
  private restore(saved: TextSnapshot, state: LogState): boolean {
    if (saved.rev > state.hiRev || (state.hiRev > saved.rev && state.loRev !== null && state.loRev > saved.rev + 1)) {
      this.rejected(new Error(`its point (${saved.rev}) is outside the kept change log`));
      return false;
    }
    this.index = saved.main;
    this.apartIndex = saved.apart;
    this.rev = saved.rev;
    this.lastKey = saved.lastKey;
    this.changedSinceSave = 0;
    this.opts.snapshot?.onEvent?.({ event: 'text-restore', table: this.table.name, size: this.size });
    return true;
  }

  private rejected(err: Error): null {
    this.opts.snapshot?.onEvent?.({ event: 'text-reject', table: this.table.name, detail: err.message });
    return null;
  }

  /**
   * Saves the index once the current task is done (a load or a catch-up of many rows), when the
   * table is large enough and no save is running: encoded in one step, written in the background.
   */
  private saveSoon(): void {
    const snap = this.opts.snapshot;
    if (!snap || this.saving || this.closed || this.size < (snap.minRows ?? 20_000)) return;
    this.saving = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.save(snap))
      .catch((err: Error) => snap.onEvent?.({ event: 'text-save-error', table: this.table.name, detail: err.message }))
      .finally(() => { this.saving = null; });
  }

  private async save(snap: TextSnapshotOptions): Promise<void> {
    // A save scheduled before close() still runs (close waits for it): the next start restores it.
    if (!this.index || !this.conn.db.open) return;
    this.changedSinceSave = 0;
    const dbId = databaseId(this.conn, snap.createId);
    if (!dbId) return;
    // Read with the rows the index reflects: a purge committed after it may be in what is saved.
    const purges = this.conn.read(() => {
      this.sync();
      return purgeGeneration(this.conn);
    });
    const schema = schemaVersion(this.conn);
    const there = savedTextPoint(snap.path);
    if (there && there.dbId === dbId && there.schema === schema && there.rev === this.rev && there.lastKey === this.lastKey) {
      this.changedSinceSave = 0;
      return;
    }
    const size = this.size;
    const write = saveTextSnapshot(snap.path, { table: this.table.name, dbId, schema, rev: this.rev, lastKey: this.lastKey }, this.index, this.apartIndex);
    this.changedSinceSave = 0;
    await write;
    // A purge that committed meanwhile removed the files before this one was in place (here or
    // in another process): this one may hold the erased text, so it goes too.
    if (!this.conn.db.open || purgeGeneration(this.conn) !== purges) {
      removeTextSnapshot(snap.path);
      return;
    }
    snap.onEvent?.({ event: 'text-save', table: this.table.name, size });
  }

  private load(rev: number, hiKey: number): void {
    const builder = new Bm25Builder();
    const apart = new Bm25Index();
    this.addRowsTo(textOf(builder), tokensOf(apart), `${this.table.key} > ?`, 0);
    this.index = builder.finish();
    this.apartIndex = apart;
    this.lastKey = hiKey;
    this.rev = rev;
  }

  /** Indexes the rows matching `where` (purged ones excluded), each by `main` or `apart`; returns the last key read, null when none. */
  private addRowsTo(main: AddText, apart: AddText, where: string, param: unknown): number | null {
    const { name, key, text } = this.table;
    const rows = this.conn.stmt(`SELECT ${key} AS k, CASE WHEN content = '[purged]' THEN NULL ELSE ${text} END AS t,
      ${this.table.apart ?? '0'} AS a FROM ${name} WHERE ${where}`)
      .raw()
      .iterate(param) as IterableIterator<[number, string | null, number]>;
    let last: number | null = null;
    for (const [k, t, a] of rows) {
      if (t !== null) (a ? apart : main)(k, t);
      last = k;
    }
    return last;
  }
}

function schemaVersion(conn: Connection): number {
  return Number(conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = 'schema_version'`)?.value ?? 0);
}

interface LogState {
  hiKey: number;
  hiRev: number;
  loRev: number | null;
}

type AddText = (key: number, text: string) => void;
const textOf = (builder: Bm25Builder): AddText => (key: number, text: string) => builder.addText(key, text);
const tokensOf = (index: Bm25Index): AddText => (key: number, text: string) => index.add(key, ftsTokens(text));

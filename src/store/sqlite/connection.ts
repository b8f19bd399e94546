import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrations.js';
import { nativeBindingOption } from './native-binding.js';
import { WalCheckpointer } from './wal-checkpointer.js';

/**
 * Prepared statements kept per connection (each cache). SQL texts vary with the shape of a
 * request (filters, the number of topic keys or types), so the caches are bounded: past this, the
 * oldest statement is dropped and prepared again when next used.
 */
export const STATEMENT_CACHE_LIMIT = 500;

function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  if (cache.size >= STATEMENT_CACHE_LIMIT) cache.delete(cache.keys().next().value as K);
  cache.set(key, value);
  return value;
}

/**
 * One better-sqlite3 handle with a prepared-statement cache and write transactions that take
 * the write lock up front (BEGIN IMMEDIATE), so concurrent processes wait on busy_timeout
 * instead of failing on a lock upgrade.
 */
export interface ConnectionOptions {
  /**
   * A writer that commits transactions of tens of thousands of rows (building a large profile):
   * a 256 MB page cache and in-memory statement journals, so a transaction's pages are written once
   * at commit, and a checkpoint only every 256 MB of log. At a million rows every hash-keyed index
   * entry lands on a page of its own, so each such transaction dirties more pages than the default
   * checkpoint interval, and checkpointing (which syncs those scattered pages) after each one costs
   * several times the writes themselves.
   */
  bulkWrites?: boolean;
  /**
   * SQLite's page cache of this connection, in MB (default: the driver's 16 MB). It fills with the
   * pages read and written, up to this cap, so it grows with the database; every connection to the
   * file has its own, while the OS page cache holds the file once for all of them.
   */
  pageCacheMb?: number;
  /**
   * Checkpoints on another thread (see WalCheckpointer; default: on for a database file, unless
   * `bulkWrites`). This connection then checkpoints only if that thread falls far behind.
   */
  backgroundCheckpoints?: boolean;
}

export class Connection {
  readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  /** The same SQL prepared again in raw mode (rows as arrays), for `rows`. */
  private readonly rawStatements = new Map<string, Database.Statement>();
  /** SQL texts with numbered parameters (?1, ?2), which bind from an object. */
  private readonly numbered = new Map<string, boolean>();
  private ftsDeferred = 0;
  /** One transaction wrapper for every `read` (building one per call costs more than the BEGIN). */
  private readonly readTx: Database.Transaction<(fn: () => unknown) => unknown>;
  private generationStmts: [Database.Statement, Database.Statement] | null = null;
  private readonly checkpointer: WalCheckpointer | null;

  constructor(readonly path: string, options: ConnectionOptions = {}) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path, { timeout: 5000, ...nativeBindingOption() });
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // Each checkpoint syncs the database file: at SQLite's default (every 1,000 pages) they cost a
    // busy ingest more than its own writes. Every 8,192 pages (32 MB), a page rewritten by many
    // transactions is copied back once (a writer with background checkpoints raises it further).
    // The log file is reused in place (growing a file costs more than overwriting it), and only cut
    // back after one transaction took it past 64 MB.
    this.db.pragma('wal_autocheckpoint = 8192');
    this.db.pragma('journal_size_limit = 67108864');
    this.db.pragma('foreign_keys = ON');
    // Page rebuilds zero the space they free (no extra I/O), so copies of a row left behind as its
    // table grew (a leaf page turned interior keeps its old cells) are gone when a purge deletes it.
    this.db.pragma('secure_delete = FAST');
    if (options.pageCacheMb !== undefined) {
      if (!(options.pageCacheMb > 0 && options.pageCacheMb <= 65536)) throw new RangeError(`pageCacheMb must be a number of MB in (0, 65536], got ${options.pageCacheMb}`);
      this.db.pragma(`cache_size = -${Math.ceil(options.pageCacheMb * 1024)}`);
    }
    if (options.bulkWrites) {
      this.db.pragma('cache_size = -262144');
      this.db.pragma('temp_store = MEMORY');
      this.db.pragma('wal_autocheckpoint = 65536');
    }
    this.checkpointer = path !== ':memory:' && !options.bulkWrites && options.backgroundCheckpoints !== false ? new WalCheckpointer(this.db, path) : null;
    // The FTS insert triggers test this (migration 3): bulk writers index their rows in one statement.
    this.db.function('mnemo_fts_deferred', { deterministic: false }, () => this.ftsDeferred);
    migrate(this.db);
    this.readTx = this.db.transaction((fn: () => unknown) => fn());
  }

  stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) s = remember(this.statements, sql, this.db.prepare(sql));
    return s;
  }

  /** Prepared statements held now (both caches), at most 2 × STATEMENT_CACHE_LIMIT. */
  get cachedStatements(): number {
    return this.statements.size + this.rawStatements.size;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.stmt(sql).all(...this.bind(sql, params)) as T[];
  }

  /**
   * Rows as arrays of column values, in select order: better-sqlite3 builds them in about half
   * the time it takes to build keyed objects, which dominates reading wide rows.
   */
  rows(sql: string, ...params: unknown[]): unknown[][] {
    return this.rawStatement(sql).all(...this.bind(sql, params)) as unknown[][];
  }

  private rawStatement(sql: string): Database.Statement {
    return this.rawStatements.get(sql) ?? remember(this.rawStatements, sql, this.db.prepare(sql).raw(true));
  }

  /**
   * The first `n` rows of `rows(sql, …)` for an ORDER BY without LIMIT, for queries that match a
   * few rows: there SQLite's ORDER BY … LIMIT costs a fixed ~0.6 ms more than sorting them all.
   */
  firstRows(n: number, sql: string, ...params: unknown[]): unknown[][] {
    const s = this.rawStatement(sql);
    const out: unknown[][] = [];
    if (n <= 0) return out;
    for (const row of s.iterate(...this.bind(sql, params)) as IterableIterator<unknown[]>) {
      out.push(row);
      if (out.length >= n) break;
    }
    return out;
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.stmt(sql).get(...this.bind(sql, params)) as T | undefined;
  }

  run(sql: string, ...params: unknown[]): Database.RunResult {
    return this.stmt(sql).run(...this.bind(sql, params));
  }

  /**
   * Runs `fn` (inside a write transaction) with the FTS insert triggers off: `fn` must index the
   * rows it inserts itself, in one INSERT … SELECT, which costs a third of a trigger per row.
   */
  withFtsDeferred<T>(fn: () => T): T {
    this.ftsDeferred++;
    try {
      return fn();
    } finally {
      this.ftsDeferred--;
    }
  }

  /** better-sqlite3 binds numbered parameters (?1, ?2) only from an object keyed by number. */
  private bind(sql: string, params: unknown[]): unknown[] {
    let numbered = this.numbered.get(sql);
    if (numbered === undefined) {
      numbered = remember(this.numbered, sql, /\?\d/.test(sql));
    }
    if (!numbered) return params;
    const named: Record<number, unknown> = {};
    for (let i = 0; i < params.length; i++) named[i + 1] = params[i];
    return [named];
  }

  /** Runs `fn` in an IMMEDIATE transaction (a savepoint when already inside one). */
  write<T>(fn: () => T): T {
    const tx = this.db.transaction(fn);
    if (this.db.inTransaction) return tx();
    const result = tx.immediate();
    this.checkpointer?.committed();
    return result;
  }

  /** A consistent snapshot for multi-statement reads. */
  read<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    return this.readTx.deferred(fn) as T;
  }

  /**
   * Changes whenever anything is committed to the database: `data_version` moves on commits by
   * other connections (threads, processes), `total_changes()` on this connection's own writes.
   */
  writeGeneration(): string {
    if (!this.db.open) return 'closed';
    // Two plucked statements: half the cost of one reading the pragma_data_version table function.
    this.generationStmts ??= [this.db.prepare('PRAGMA data_version').pluck(), this.db.prepare('SELECT total_changes()').pluck()];
    return `${this.generationStmts[0].get()}:${this.generationStmts[1].get()}`;
  }

  close(): void {
    this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}

// One-entry memo: a batch's memories mostly repeat the time of the message they came from.
let lastTime: { value: string; canonical: string } | null = null;

/** Normalizes a parseable time to `toISOString()` form so string order equals time order. */
export function canonicalTime(value: string | undefined | null, fallback: string): string {
  if (!value) return fallback;
  if (lastTime?.value === value) return lastTime.canonical;
  const ms = Date.parse(value);
  const canonical = Number.isNaN(ms) ? value : new Date(ms).toISOString();
  lastTime = { value, canonical };
  return canonical;
}

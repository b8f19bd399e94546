import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { manifestPath, readHeader } from './vector-ann-files.js';
import { logBounds, logReaches } from './vector-log.js';
import { type Compaction, startCompaction } from './vector-compactor.js';
import type { ResolvedVectorOptions } from './vector-options.js';
import { countStored } from './vector-rows.js';

const RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * The save policy of a writer that holds no index of a kind (a server whose searches run in recall
 * threads): after `annSaveEvery` changes (or 5 % of the saved graph, when more), the saved HNSW
 * files are brought up to date by a compaction in a child process, one at a time. Readers view the
 * fresh graph and drop the changes they held beside the old one, so their memory stays bounded by
 * the changes between two saves instead of growing with every write. The first graph is made once
 * the kind reaches the ANN threshold; at open, missing or stale files are compacted at once.
 */
export class BackgroundSave {
  private written = 0;
  private running: Compaction | null = null;
  private checking = false;
  private blockedUntil = 0;
  private closed = false;
  /** A purge removed the files while a compaction ran: another one follows it. */
  private again = false;

  constructor(private readonly conn: Connection, private readonly kind: VectorKind, private readonly opts: ResolvedVectorOptions) {
    const prefix = opts.filesPrefix;
    if (prefix && opts.annSaves === 'compact') setImmediate(() => this.atOpen(prefix));
  }

  /** `n` vectors of this kind were written (the caller holds no index of it). */
  note(n: number): void {
    const prefix = this.opts.filesPrefix;
    if (!prefix || this.opts.annSaves !== 'compact' || this.closed) return;
    this.written += n;
    if (this.running || this.checking || this.written < this.opts.annSaveEvery || Date.now() < this.blockedUntil) return;
    this.checking = true;
    // After the caller's transaction commits, which the compaction must see.
    setImmediate(() => {
      this.checking = false;
      if (!this.closed && this.conn.db.open) this.maybeStart(prefix);
    });
  }

  /**
   * A purge removed the saved files (see vector-ann-purge.ts): they are made again from the table at
   * once. `rewritten`: it rewrote them instead (vector-ann-erase.ts), so only a compaction running
   * since before it (its save will be undone) is followed by another.
   */
  purged(rewritten: boolean): void {
    if (rewritten && !this.running) return;
    this.blockedUntil = 0;
    if (this.running) this.again = true;
    this.note(Number.MAX_SAFE_INTEGER);
  }

  /** Waits for a running compaction (its files are whole either way). */
  async close(): Promise<void> {
    this.closed = true;
    await this.running?.done.catch(() => undefined);
  }

  /** The changes the saved files lack (all, when there are none or the log no longer reaches them). */
  private atOpen(prefix: string): void {
    if (this.closed || !this.conn.db.open) return;
    const saved = readHeader(manifestPath(prefix, this.kind));
    this.written += saved && logReaches(logBounds(this.conn), saved.rev)
      ? this.conn.get<{ n: number }>(`SELECT count(*) AS n FROM vector_log WHERE rev > ? AND (kind = ? OR kind = '*')`, saved.rev, this.kind)!.n
      : Number.MAX_SAFE_INTEGER;
    this.maybeStart(prefix);
  }

  private maybeStart(prefix: string): void {
    const saved = readHeader(manifestPath(prefix, this.kind));
    const size = saved?.size ?? countStored(this.conn, this.kind);
    if (!saved && size < this.opts.annThreshold) {
      this.written = 0;
      return;
    }
    if (this.written < Math.max(this.opts.annSaveEvery, size / 20)) return;
    this.written = 0;
    const started = performance.now();
    const run = startCompaction(this.conn.path, this.kind);
    this.running = run;
    run.done
      .then((result) => {
        if (!result) return;
        if (result.detail && result.from === 'build' && saved) this.opts.emit({ kind: this.kind, event: 'ann-reject', detail: result.detail });
        this.opts.emit({ kind: this.kind, event: 'ann-save', size: result.size, ms: performance.now() - started, detail: `compacted (${result.from})` });
      })
      .catch((err: Error) => {
        this.blockedUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
        if (!this.closed) this.opts.emit({ kind: this.kind, event: 'ann-error', detail: `save: ${err.message}` });
      })
      .finally(() => {
        if (this.running === run) this.running = null;
        if (this.again && !this.closed && this.conn.db.open) {
          this.again = false;
          this.maybeStart(prefix);
        }
      });
  }
}

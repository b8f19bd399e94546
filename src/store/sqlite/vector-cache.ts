import { existsSync } from 'node:fs';
import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { AnnVectorIndex } from './vector-ann.js';
import { buildAnn } from './vector-ann-build.js';
import { databaseId, manifestPath, readHeader, saveAnnFiles } from './vector-ann-files.js';
import { loadAnnFiles } from './vector-ann-load.js';
import { saveAnnUnlessPurged } from './vector-ann-purge.js';
import { eraseFromAnnFiles } from './vector-ann-erase.js';
import { purgeGeneration } from './purge-marker.js';
import type { VectorIndex } from '../../vector/exact-vector-index.js';
import { logBounds, logReaches, readLog } from './vector-log.js';
import type { ResolvedVectorOptions } from './vector-options.js';
import { allRecords, applyTouched, countStored, putRecord } from './vector-rows.js';
import { BackgroundSave } from './vector-background-save.js';
import { ViewedAnnIndex } from './vector-view.js';
import { monotonicMs } from '../../elapsed.js';

export { logVectorChange } from './vector-log.js';

const RETRY_BUILD_MS = 60_000;
/** loadOn 'search': changes beside a viewed graph before it loads instead (see viewFits). */
const VIEW_CHANGES = 256;
/** loadOn 'search': log entries since the viewed checkpoint before it loads (the log keeps 50K). */
const VIEW_LOG_SPAN = 20_000;

/**
 * The in-memory index of one kind, kept in step with the `vectors` table through `vector_log`:
 * each search first applies the log entries after the last one it saw (`rev`), whichever
 * process wrote them, to whichever index is live. It loads lazily on first use, or again when it
 * fell behind the pruned log or saw a `clear`.
 *
 * Below `annThreshold` vectors the live index is exact. At or above it:
 * - loading first tries the HNSW files beside the database (see vector-ann-files.ts); they are
 *   used only when tied to this database and to a log position still covered by the log, and
 *   after replaying the entries since then they must hold exactly the table's rows;
 * - otherwise the exact index is loaded (one table scan) and serves searches while an HNSW index
 *   is built in the background from a snapshot of it, in chunks that yield to the event loop
 *   (see vector-ann-build.ts). When done, the log entries since the snapshot are replayed into
 *   it, it replaces the exact index (which is dropped), and it is saved.
 * Files are also saved after every `annSaveEvery` (or 5% of the size) changes and on close, so a
 * reopen normally replays only a short log tail. A writer holding no index of a kind (annSaves
 * `compact`: its searches run in recall threads) keeps the files as current by compaction in a
 * child process (see vector-background-save.ts).
 *
 * loadOn `warm` (recall threads, one-shot commands) searches a memory-mapped view of the saved
 * graph plus the rows changed since its checkpoint; a newer save is viewed in its place, which
 * drops those rows. When there is no usable save, the index loads; a save that appears later (or
 * replaces a rejected one) is viewed again and the loaded index dropped. A live HNSW index never switches back to exact;
 * the next load decides again. loadOn `search` views the saved graph too, until this process has
 * changed more rows beside it than a search should skip (see viewFits): then it loads as above,
 * and stays loaded. Reads and a few writes so never pay for loading the whole graph.
 */
export class VectorCache {
  private exact: VectorIndex | null = null;
  private ann: AnnVectorIndex | null = null;
  private rev = -1;
  private build: { cancelled: boolean; done: Promise<void> } | null = null;
  private buildBlockedUntil = 0;
  private unsaved = 0;
  private saveScheduled = false;
  private closed = false;
  /**
   * loadOn 'warm': the memory-mapped saved graph searches use, before and after `warm()`, until it
   * is unusable (nothing saved, files rejected, too far behind the log): then the index loads.
   */
  private view: { index: ViewedAnnIndex; rev: number } | null = null;
  /** No usable save to view: the graph file the manifest named then ('' for none). */
  private viewUnusable: { graph: string } | null = null;
  private warmed = false;
  /** Why the last load found no saved files it could use (the build says so), or null. */
  private noFiles: string | null = null;
  /**
   * The purge count (purge-marker.ts) the loaded index's rows were read at, or brought to through
   * the log. A graph read before a purge keeps the purged vectors' bytes when it removes them
   * (usearch only marks a key deleted), so it is dropped and never saved (see vector-ann-purge.ts).
   */
  private purges = 0;

  private readonly background: BackgroundSave;
  /** The last check against the log: at which write generation, and the index and log position it left (see current). */
  private checked: { generation: string | null; rev: number; index: VectorIndex | null } = { generation: null, rev: -1, index: null };

  constructor(private readonly conn: Connection, private readonly kind: VectorKind, private readonly opts: ResolvedVectorOptions) {
    this.background = new BackgroundSave(conn, kind, opts);
  }

  /** The live index, brought up to date with the log. */
  current(): VectorIndex | null {
    // Nothing committed since the last check (no write generation moved): the log stands where that
    // check left the index, so the read transaction and log bounds of checking again are skipped.
    const generation = this.conn.db.inTransaction ? null : this.conn.writeGeneration();
    if (this.mayView()) {
      const view = this.view;
      if (generation !== null && view && this.checked.generation === generation && this.checked.rev === view.rev && this.checked.index === view.index) return view.index;
      const viewed = this.conn.read(() => this.currentView());
      if (viewed) {
        this.dropLoaded();
        this.checked = { generation, rev: this.view?.rev ?? -1, index: viewed };
        return viewed;
      }
    }
    const live = this.ann ?? this.exact;
    if (generation === null || this.checked.generation !== generation || this.checked.rev !== this.rev || this.checked.index !== live) {
      this.conn.read(() => this.sync());
      this.checked = { generation, rev: this.rev, index: this.ann ?? this.exact };
    }
    this.maybeBuild();
    return this.ann ?? this.exact;
  }

  /**
   * A search of the view failed (its files are damaged where opening did not look): the view is
   * released, reported as rejected and not tried again until a newer save. False when no view was in use.
   */
  dropFailedView(err: Error): boolean {
    const view = this.view;
    if (!view) return false;
    view.index.release();
    this.view = null;
    this.viewUnusable = { graph: view.index.graph };
    this.opts.emit({ kind: this.kind, event: 'ann-reject', detail: err.message });
    return true;
  }

  /** Loads the index and waits for a background HNSW build it starts to finish. */
  async warm(): Promise<void> {
    // A usable view stays: it searches the same graph a load would, from pages shared with every
    // other thread and process, without reading all ids and attributes first.
    this.warmed = true;
    this.current();
    try {
      this.view?.index.mapGraph();
    } catch (err) {
      if (this.dropFailedView(err as Error)) this.current();
    }
    await this.build?.done;
  }

  get approximate(): AnnVectorIndex | null {
    return this.ann;
  }

  /** `n` vectors of this kind were written by this connection. */
  noteWritten(n: number): void {
    if (!this.exact && !this.ann && !this.build) this.background.note(n);
  }

  /**
   * A purge by this connection committed (making purge count `purges`; `ids`: the owners whose
   * vectors it deleted): the saved graph is rewritten without their vectors, or (when it cannot be)
   * its files go (see eraseFromAnnFiles); a loaded graph, a build and a view go too (the next
   * search reloads: the rewritten graph, or exact while a graph is built from the table).
   */
  purged(ids: ReadonlySet<string>, purges: number): void {
    const prefix = this.opts.filesPrefix;
    const rewritten = prefix ? eraseFromAnnFiles(this.conn, prefix, this.kind, ids, purges) : false;
    const held = this.exact || this.ann || this.build;
    this.view?.index.release();
    this.view = null;
    this.viewUnusable = null;
    if (this.ann) {
      this.unload();
    } else if (this.exact) {
      // The exact index takes the purge's deletions from the log; a build from an older snapshot starts over.
      this.cancelBuild();
      this.purges = purgeGeneration(this.conn);
    }
    if (!held) this.background.purged(rewritten);
  }

  /** Stops a running build and saves unsaved HNSW changes; call before closing the connection. */
  async close(): Promise<void> {
    if (this.build) {
      this.build.cancelled = true;
      await this.build.done;
    }
    if (this.unsaved > 0 && savesChanges(this.opts)) this.save();
    this.view?.index.release();
    this.closed = true;
    await this.background.close();
  }

  /**
   * Whether to try the view: it was usable, or the manifest now names another graph than when it
   * was not (a header read, a few KB).
   */
  private mayView(): boolean {
    // A loaded index stays where it loaded on search (it takes this process's writes and saves them).
    if (this.opts.loadOn === 'search' && (this.exact || this.ann)) return false;
    const unusable = this.viewUnusable;
    if (!unusable) return true;
    if (!this.opts.filesPrefix) return false;
    // No manifest yet (a kind never saved, e.g. below the HNSW threshold): a search does not pay for a failed open.
    if (unusable.graph === '' && !existsSync(manifestPath(this.opts.filesPrefix, this.kind))) return false;
    if (this.savedGraph() === unusable.graph) return false;
    this.viewUnusable = null;
    return true;
  }

  /** The graph file the manifest names ('' for none). */
  private savedGraph(): string {
    const prefix = this.opts.filesPrefix;
    return (prefix && readHeader(manifestPath(prefix, this.kind))?.graph) || '';
  }

  /** A view replaced the loaded index: its memory goes (a build in progress stops). */
  private dropLoaded(): void {
    if (!this.exact && !this.ann && !this.build) return;
    this.cancelBuild();
    this.exact = this.ann = null;
    this.unsaved = 0;
    this.rev = -1;
  }

  /**
   * The saved graph, viewed at the current log position: when the log moved, the changes join the
   * view's overlay, or the view is reopened on a newer save (the manifest header tells).
   */
  private currentView(): ViewedAnnIndex | null {
    const prefix = this.opts.filesPrefix;
    const rev = logBounds(this.conn).hi;
    const view = this.view;
    if (view?.rev === rev) return view.index;
    if (view && prefix && readHeader(manifestPath(prefix, this.kind))?.graph === view.index.graph && view.index.advance(view.rev, rev)) {
      view.rev = rev;
      if (this.viewFits(view.index, rev)) return view.index;
      view.index.release();
      this.view = null;
      this.viewUnusable = { graph: view.index.graph };
      return null;
    }
    const replaced = view?.index;
    this.view = null;
    const started = monotonicMs();
    const unusable = () => (this.viewUnusable = { graph: this.savedGraph() });
    try {
      // Until warmed (a server warms at start) this may be a one-shot command: it reads the graph in place.
      const index = prefix ? ViewedAnnIndex.open(this.conn, this.kind, prefix, rev, replaced, this.warmed ? 'mapped' : 'file') : null;
      if (!index || !this.viewFits(index, rev)) {
        unusable();
        return null;
      }
      this.view = { index, rev };
      this.opts.emit({ kind: this.kind, event: 'ann-view', size: index.size, ms: monotonicMs() - started });
      return index;
    } catch (err) {
      unusable();
      // On search, the load that follows tries the same files (checking them whole) and reports.
      if (this.opts.loadOn !== 'search') this.opts.emit({ kind: this.kind, event: 'ann-reject', detail: (err as Error).message });
      return null;
    }
  }

  /**
   * loadOn 'search' (a process that writes and saves): the view serves until this process's
   * changes beside it would slow searches (each one over-fetches by them) or the saved checkpoint
   * would fall out of the pruned log; then the graph loads, takes the changes and is saved.
   */
  private viewFits(view: ViewedAnnIndex, rev: number): boolean {
    return this.opts.loadOn !== 'search' || (view.changes <= VIEW_CHANGES && rev - view.checkpoint <= VIEW_LOG_SPAN);
  }

  private sync(): void {
    const bounds = logBounds(this.conn);
    if (this.rev === bounds.hi) return;
    if (!logReaches(bounds, this.rev)) return this.load(bounds.hi);
    const purges = purgeGeneration(this.conn);
    if (purges !== this.purges) {
      // A purge in another process: a graph holds its vectors (removed or not), a build its snapshot's.
      if (this.ann) return this.load(bounds.hi);
      this.cancelBuild();
      this.purges = purges;
    }
    const delta = readLog(this.conn, this.kind, this.rev, bounds.hi);
    if (delta.cleared) return this.load(bounds.hi);
    const live = this.ann ?? this.exact;
    if (live) applyTouched(this.conn, this.kind, live, delta.touched);
    else if (delta.touched.length > 0) return this.load(bounds.hi); // first rows of an empty kind
    this.rev = bounds.hi;
    if (this.ann) this.noteChanges(delta.touched.length);
  }

  private load(rev: number): void {
    this.cancelBuild();
    this.exact = this.ann = null;
    this.unsaved = 0;
    const count = countStored(this.conn, this.kind);
    this.purges = purgeGeneration(this.conn);
    this.noFiles = null;
    if (count >= this.opts.annThreshold && this.opts.filesPrefix) this.ann = this.loadFiles(this.opts.filesPrefix, rev);
    if (!this.ann) {
      const started = monotonicMs();
      for (const r of allRecords(this.conn, this.kind)) putRecord((this.exact ??= this.opts.exactIndex(r.vector.byteLength / 4)), r);
      this.opts.emit({ kind: this.kind, event: 'exact-load', size: this.exact?.size ?? 0, ms: monotonicMs() - started });
    }
    this.rev = rev;
  }

  private loadFiles(prefix: string, rev: number): AnnVectorIndex | null {
    const started = monotonicMs();
    try {
      const loaded = loadAnnFiles(this.conn, this.kind, prefix, rev);
      if (!loaded) {
        this.noFiles = 'no saved index to load';
        return null; // never saved (or deleted): nothing to report
      }
      this.unsaved = loaded.replayed;
      // A checkpoint far behind the log (the other kind's changes) is saved anew before the pruned log stops reaching it.
      if (rev - loaded.checkpoint > VIEW_LOG_SPAN) this.saveSoon();
      this.opts.emit({ kind: this.kind, event: 'ann-load', size: loaded.ann.size, ms: monotonicMs() - started });
      return loaded.ann;
    } catch (err) {
      this.noFiles = /purge/.test((err as Error).message) ? 'a purge removed the saved index' : 'the saved index was rejected';
      this.opts.emit({ kind: this.kind, event: 'ann-reject', detail: (err as Error).message });
      return null;
    }
  }

  private maybeBuild(): void {
    const exact = this.exact;
    if (!exact || this.build || this.closed || exact.size < this.opts.annThreshold || !exact.snapshot) return;
    // A reader beside a compacting writer views the graph the writer makes.
    if (this.opts.annSaves === 'none') return;
    // A process that never warms up (one command) would only start a build to cancel it.
    if (this.opts.loadOn === 'warm' && !this.warmed) return;
    if (Date.now() < this.buildBlockedUntil) return;
    const snapshot = exact.snapshot();
    const from = this.rev;
    const state = { cancelled: false, done: Promise.resolve() };
    this.build = state;
    const started = monotonicMs();
    // Persisted: say why it is built (none saved yet, or a save or build was cut short, or rejected).
    const detail = this.opts.filesPrefix ? (this.noFiles ?? 'no saved index to load') : undefined;
    const purges = this.purges;
    this.opts.emit({ kind: this.kind, event: 'ann-build', size: snapshot.ids.length, detail });
    state.done = buildAnn(snapshot, exact.dimensions, () => state.cancelled)
      .then((ann) => {
        if (!ann || state.cancelled) return;
        if (this.conn.read(() => this.swapIn(ann, from, purges))) {
          this.opts.emit({ kind: this.kind, event: 'ann-built', size: ann.size, ms: monotonicMs() - started });
          this.save();
        }
      })
      .catch((err: Error) => {
        this.buildBlockedUntil = Date.now() + RETRY_BUILD_MS;
        this.opts.emit({ kind: this.kind, event: 'ann-error', detail: err.message });
      })
      .finally(() => { if (this.build === state) this.build = null; });
  }

  /** Replays the log since the snapshot into the new index and makes it live. */
  private swapIn(ann: AnnVectorIndex, from: number, purges: number): boolean {
    if (this.exact === null || ann.dimensions !== this.exact.dimensions) return false; // reloaded meanwhile
    const now = purgeGeneration(this.conn);
    if (now !== purges) {
      // Purged since the snapshot: the next build starts from the exact index, in step with the table by then.
      this.purges = now;
      return false;
    }
    const bounds = logBounds(this.conn);
    if (!logReaches(bounds, from)) return false; // fell behind: the next search starts over
    const delta = readLog(this.conn, this.kind, from, bounds.hi);
    if (delta.cleared) return false;
    applyTouched(this.conn, this.kind, ann, delta.touched);
    this.ann = ann;
    this.exact = null;
    this.rev = bounds.hi;
    return true;
  }

  /** Drops the loaded index: the next search loads again. */
  private unload(): void {
    this.cancelBuild();
    this.exact = this.ann = null;
    this.unsaved = 0;
    this.rev = -1;
  }

  private cancelBuild(): void {
    if (this.build) this.build.cancelled = true;
    this.build = null;
  }

  private noteChanges(n: number): void {
    this.unsaved += n;
    if (this.unsaved >= Math.max(this.opts.annSaveEvery, (this.ann?.size ?? 0) / 20)) this.saveSoon();
  }

  private saveSoon(): void {
    if (!savesChanges(this.opts) || this.saveScheduled) return;
    this.saveScheduled = true;
    setImmediate(() => {
      this.saveScheduled = false;
      if (!this.closed) this.save();
    });
  }

  private save(): void {
    const ann = this.ann;
    const prefix = this.opts.filesPrefix;
    if (!ann || !prefix || this.closed) return;
    const started = monotonicMs();
    try {
      const dbId = databaseId(this.conn, true)!;
      const rev = this.rev;
      const purges = this.purges;
      if (!saveAnnUnlessPurged(this.conn, prefix, this.kind, purges, () => saveAnnFiles(prefix, this.kind, dbId, rev, ann, purges))) {
        // A purge in another process since this graph was read: it must not be written again.
        this.unload();
        return;
      }
      this.unsaved = 0;
      this.opts.emit({ kind: this.kind, event: 'ann-save', size: ann.size, ms: monotonicMs() - started });
    } catch (err) {
      this.opts.emit({ kind: this.kind, event: 'ann-error', detail: `save: ${(err as Error).message}` });
    }
  }
}

/** Whether this process saves the changes of an index it holds (not only after builds, or never). */
function savesChanges(opts: ResolvedVectorOptions): boolean {
  return opts.annSaves === 'all' || opts.annSaves === 'compact';
}

import type { AccessEntry } from '../store/lifecycle-store.js';
import type { Store } from '../store/store.js';
import { FOLD_JOB } from './fold-job.js';

/** Reads held in process while the store refuses writes; past it, the oldest failed batch's rest is dropped. */
const MAX_HELD = 100_000;

export interface AccessRecorderOptions {
  /** Flush once this many distinct memories are waiting. */
  maxBatch?: number;
  /** Flush this long after the first unflushed read. */
  flushMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * Buffers reads (a memory in a recall's top results, or read by id) in process and appends them
 * to the store's access log in one transaction per batch; the job worker folds the log into the
 * memory rows (fold-job.ts). A read never costs a write transaction of its own, and reads through
 * a read-only key count like any other (the library records them, not the adapter).
 */
export class AccessRecorder {
  private pending = new Map<string, AccessEntry>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private lastFoldQueued = 0;
  private readonly maxBatch: number;
  private readonly flushMs: number;

  constructor(private readonly store: () => Promise<Store>, private readonly opts: AccessRecorderOptions = {}) {
    this.maxBatch = opts.maxBatch ?? 256;
    this.flushMs = opts.flushMs ?? 2_000;
  }

  /** Records one read of each id; `rehydrate` holds the cold ones recall returned. */
  record(ids: string[], rehydrate: ReadonlySet<string> = new Set(), at = new Date()): void {
    const iso = at.toISOString();
    for (const id of ids) {
      const cur = this.pending.get(id);
      this.pending.set(id, { memoryId: id, hits: (cur?.hits ?? 0) + 1, at: cur && cur.at > iso ? cur.at : iso, rehydrate: !!cur?.rehydrate || rehydrate.has(id) });
    }
    if (this.pending.size >= this.maxBatch) void this.flush();
    else if (this.pending.size > 0 && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref?.();
    }
  }

  get waiting(): number {
    return this.pending.size;
  }

  /**
   * Writes what is buffered (one transaction) and queues a fold; resolves when written. `fold`
   * queues one even when this recorder queued one moments ago (a caller about to drain the queue).
   * Entries a failed write held go back to the buffer for the next flush.
   */
  flush(opts: { fold?: boolean } = {}): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return this.flushing;
    const entries = [...this.pending.values()];
    this.pending = new Map();
    const now = Date.now();
    // One fold job folds the whole log, so a few seconds between them is plenty.
    const enqueue = opts.fold || now - this.lastFoldQueued > 5_000 ? [{ kind: FOLD_JOB, payload: {} }] : [];
    if (enqueue.length) this.lastFoldQueued = now;
    this.flushing = this.flushing
      .then(async () => (await this.store()).appendAccesses(entries, { enqueue }))
      .catch((err) => {
        this.opts.onError?.(err);
        this.putBack(entries);
      });
    return this.flushing;
  }

  private putBack(entries: AccessEntry[]): void {
    for (const e of entries) {
      if (this.pending.size >= MAX_HELD) return;
      const cur = this.pending.get(e.memoryId);
      this.pending.set(e.memoryId, cur
        ? { memoryId: e.memoryId, hits: cur.hits + e.hits, at: cur.at > e.at ? cur.at : e.at, rehydrate: cur.rehydrate || e.rehydrate }
        : e);
    }
    this.lastFoldQueued = 0;
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref?.();
    }
  }
}

import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';

/** How often the thread looks for new commits to copy back into the database file. */
const CHECKPOINT_EVERY_MS = 250;

// Slots of the shared state: commits counted by the writer, and the thread's phase.
const COMMITS = 0;
const PHASE = 1;
const STARTING = 0;
const RUNNING = 1;
const CANCELLED = 2;
const CLOSING = 3;
const CLOSED = 4;

/**
 * The thread's code, plain CommonJS so it runs the same from sources, the build and the CLI bundle.
 * It opens its own connection and runs passive checkpoints, which never block the writer.
 */
const THREAD = `
const { workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
if (Atomics.compareExchange(state, ${PHASE}, ${STARTING}, ${RUNNING}) === ${STARTING}) {
  let db = null;
  try { db = new (require(workerData.driver))(workerData.path, { fileMustExist: true, timeout: 1000 }); } catch {}
  let seen = 0;
  while (db && Atomics.load(state, ${PHASE}) === ${RUNNING}) {
    Atomics.wait(state, ${PHASE}, ${RUNNING}, workerData.everyMs);
    if (Atomics.load(state, ${PHASE}) !== ${RUNNING}) break;
    const commits = Atomics.load(state, ${COMMITS});
    if (commits === seen) continue;
    seen = commits;
    try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  }
  try { db && db.close(); } catch {}
  Atomics.store(state, ${PHASE}, ${CLOSED});
  Atomics.notify(state, ${PHASE});
}
`;

/**
 * Copies committed pages from the log back into the database file on a thread of its own.
 * SQLite's automatic checkpoint runs inside the COMMIT that crosses its threshold, so a busy
 * writer stalls there (copying thousands of pages and syncing the file) every few thousand
 * messages; a passive checkpoint from another connection does the same work beside the writer.
 * Durability is unchanged: a commit is in the log before this copies it. The thread starts with
 * the first commit counted (a process that only reads never starts it).
 */
export class WalCheckpointer {
  private readonly state = new Int32Array(new SharedArrayBuffer(8));
  private thread: Worker | null = null;

  constructor(private readonly path: string) {}

  /** Called after each committed write transaction of the writer. */
  committed(): void {
    Atomics.add(this.state, COMMITS, 1);
    this.thread ??= this.start();
  }

  private start(): Worker {
    const require = createRequire(import.meta.url);
    const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
    const thread = new Worker(THREAD, {
      eval: true,
      workerData: { state: this.state.buffer, path: this.path, driver: require.resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS },
    });
    thread.unref();
    thread.on('error', () => {});
    return thread;
  }

  /**
   * Stops the thread and waits (briefly) until its connection is closed, so the writer closes
   * last and SQLite's final checkpoint removes the log as before.
   */
  close(): void {
    if (!this.thread) return;
    this.thread = null;
    if (Atomics.compareExchange(this.state, PHASE, STARTING, CANCELLED) === STARTING) return;
    if (Atomics.compareExchange(this.state, PHASE, RUNNING, CLOSING) !== RUNNING) return;
    Atomics.notify(this.state, PHASE);
    Atomics.wait(this.state, PHASE, CLOSING, 10_000);
  }
}

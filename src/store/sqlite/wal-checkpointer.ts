import type Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import type { MessagePort, Worker } from 'node:worker_threads';

/** How often the thread looks for new commits to copy back into the database files. */
const CHECKPOINT_EVERY_MS = 250;
/** The writer's own automatic checkpoint once the thread checkpoints for it: only if that falls behind. */
const WAL_BACKSTOP_PAGES = 32768;
/** Writers the one thread serves at once; past this, a writer checkpoints itself as before. */
const SLOTS = 256;

// Shared state: a wake flag, then per slot its commit count, phase and generation.
const WAKE = 0;
const commitsAt = (slot: number) => 1 + slot * 3;
const phaseAt = (slot: number) => 2 + slot * 3;
const generationAt = (slot: number) => 3 + slot * 3;
const FREE = 0;
const OPENING = 1;
const RUNNING = 2;
const CLOSING = 3;

/**
 * The thread's code, plain CommonJS so it runs the same from sources, the build and the CLI bundle.
 * It opens its own connection to each registered file and runs passive checkpoints, which never
 * block the writer. It waits on the shared state, so registrations arrive through
 * receiveMessageOnPort, and a generation tells a registration from one of a slot reused since.
 */
const THREAD = `
const { workerData, receiveMessageOnPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const state = new Int32Array(workerData.state);
const open = new Map();
for (;;) {
  Atomics.wait(state, ${WAKE}, 0, workerData.everyMs);
  Atomics.store(state, ${WAKE}, 0);
  for (let m; (m = receiveMessageOnPort(workerData.port)); ) {
    const { slot, path, generation } = m.message;
    if (Atomics.load(state, 3 + slot * 3) !== generation) continue;
    if (Atomics.compareExchange(state, 2 + slot * 3, ${OPENING}, ${RUNNING}) !== ${OPENING}) continue;
    let db = null;
    try { db = new Database(path, { fileMustExist: true, timeout: 1000 }); } catch {}
    open.set(slot, { db, seen: 0 });
  }
  for (const [slot, entry] of open) {
    if (Atomics.load(state, 2 + slot * 3) === ${CLOSING}) {
      try { if (entry.db) entry.db.close(); } catch {}
      open.delete(slot);
      Atomics.store(state, 2 + slot * 3, ${FREE});
      Atomics.notify(state, 2 + slot * 3);
      continue;
    }
    const commits = Atomics.load(state, 1 + slot * 3);
    if (commits === entry.seen || !entry.db) continue;
    entry.seen = commits;
    try { entry.db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  }
}
`;

/** The process's one checkpoint thread, started by the first writer that commits. */
class CheckpointThread {
  readonly state = new Int32Array(new SharedArrayBuffer(4 * (1 + SLOTS * 3)));
  private readonly free = Array.from({ length: SLOTS }, (_, i) => SLOTS - 1 - i);
  private readonly port: MessagePort;

  constructor() {
    const require = createRequire(import.meta.url);
    const { Worker, MessageChannel } = require('node:worker_threads') as typeof import('node:worker_threads');
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const thread: Worker = new Worker(THREAD, {
      eval: true,
      workerData: { state: this.state.buffer, port: port2, driver: require.resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS },
      transferList: [port2],
    });
    thread.unref();
    port1.unref();
    thread.on('error', () => {});
  }

  register(path: string): number | null {
    const slot = this.free.pop();
    if (slot === undefined) return null;
    Atomics.store(this.state, commitsAt(slot), 0);
    const generation = Atomics.add(this.state, generationAt(slot), 1) + 1;
    Atomics.store(this.state, phaseAt(slot), OPENING);
    this.port.postMessage({ slot, path, generation });
    this.wake();
    return slot;
  }

  committed(slot: number): void {
    Atomics.add(this.state, commitsAt(slot), 1);
  }

  /** Waits (briefly) until the thread closed its connection of `slot`, so the writer closes last. */
  release(slot: number): void {
    const phase = phaseAt(slot);
    if (Atomics.compareExchange(this.state, phase, OPENING, FREE) !== OPENING &&
      Atomics.compareExchange(this.state, phase, RUNNING, CLOSING) === RUNNING) {
      this.wake();
      Atomics.wait(this.state, phase, CLOSING, 10_000);
    }
    if (Atomics.load(this.state, phase) === FREE) this.free.push(slot);
  }

  private wake(): void {
    Atomics.store(this.state, WAKE, 1);
    Atomics.notify(this.state, WAKE);
  }
}

let shared: CheckpointThread | null = null;

/**
 * Copies a writer's committed pages from the log back into its database file on another thread.
 * SQLite's automatic checkpoint runs inside the COMMIT that crosses its threshold, so a busy
 * writer stalls there (copying thousands of pages and syncing the file) every few thousand
 * messages; a passive checkpoint from another connection does that work beside the writer.
 * Durability is unchanged: a commit is in the log before this copies it. One thread serves every
 * writer of the process, and starts with the first commit (a process that only reads never starts it).
 */
export class WalCheckpointer {
  private slot: number | null = null;
  private registered = false;

  constructor(private readonly db: Database.Database, private readonly path: string) {}

  /** Called after each committed write transaction of the writer. */
  committed(): void {
    if (!this.registered) {
      this.registered = true;
      this.slot = (shared ??= new CheckpointThread()).register(this.path);
      if (this.slot !== null) this.db.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
    }
    if (this.slot !== null) shared!.committed(this.slot);
  }

  close(): void {
    if (this.slot !== null) shared!.release(this.slot);
    this.slot = null;
  }
}

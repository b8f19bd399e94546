import { randomId } from '../ids.js';
import type { Store } from '../store/store.js';
import type { Job } from '../types.js';
import { backoffDelayMs, retryAfterMs } from './backoff.js';

/** How long background job processing runs before letting waiting requests in. */
const BACKGROUND_SLICE_MS = 4;

/** Runs one job. Throwing schedules a retry; the handler completes the job itself or returns. */
export type JobHandler = (job: Job, ctx: JobContext) => Promise<void>;

export interface JobContext {
  store: Store;
  workerId: string;
  /** True when the handler completed the job itself (e.g. inside its write transaction). */
  completed: boolean;
  /**
   * Extends the claim by the worker's own lease. Long handlers call it between steps, so a job
   * left by a killed process is taken over as soon as any other job would be.
   */
  heartbeat: () => Promise<boolean>;
  /** What the caller that enqueued the job still holds in memory (see `Worker.runHanded`); absent after a restart. */
  handed?: unknown;
}

export interface WorkerOptions {
  handlers: Record<string, JobHandler>;
  leaseMs?: number;
  /** Idle poll interval for jobs enqueued by other processes. 0 disables polling. */
  pollMs?: number;
  onError?: (err: unknown, job: Job) => void;
}

/**
 * A durable-queue worker over any number of profile stores. Jobs live in the store, so a job
 * claimed by a process that dies is picked up again once its lease expires.
 */
export class Worker {
  private ownId: string | null = null;
  private readonly stores = new Set<Store>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private running = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;

  /** Made on first use: a handle that never claims a job (a one-shot reader) never loads node:crypto for it. */
  get id(): string {
    return (this.ownId ??= `w-${process.pid}-${randomId().slice(0, 8)}`);
  }

  constructor(private readonly opts: WorkerOptions) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.pollMs = opts.pollMs ?? 1_000;
  }

  add(store: Store): void {
    this.stores.add(store);
    this.kick();
  }

  remove(store: Store): void {
    this.stores.delete(store);
  }

  /** Starts a pass over every store soon (coalesced). */
  kick(): void {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pass(), 0);
    this.timer.unref?.();
  }

  /** Runs due jobs of one store until none is left; used by `wait` and `drain`. */
  async drain(store: Store): Promise<number> {
    let ran = 0;
    while (!this.stopped && (await this.runOne(store))) ran++;
    return ran;
  }

  /**
   * Background variant of `drain`: SQLite calls finish synchronously, so a run of jobs would hold
   * the event loop until the queue is empty; this gives requests a turn every few milliseconds.
   */
  private async drainYielding(store: Store): Promise<void> {
    let sliceStart = performance.now();
    while (!this.stopped && (await this.runOne(store))) {
      if (performance.now() - sliceStart < BACKGROUND_SLICE_MS) continue;
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.loop;
  }

  private async pass(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    this.loop = (async () => {
      try {
        for (const store of [...this.stores]) await this.drainYielding(store);
      } catch (err) {
        this.opts.onError?.(err, undefined as unknown as Job);
      } finally {
        this.running = false;
        if (!this.stopped && this.pollMs > 0) {
          this.timer = setTimeout(() => void this.pass(), this.pollMs);
          this.timer.unref?.();
        }
      }
    })();
    await this.loop;
  }

  /**
   * The claim to write a job with (`NewJob.claimedBy`) when it will be run at once by `runHanded`;
   * null once stopped or for a kind this worker has no handler for.
   */
  claimFor(kind: string): { workerId: string; leaseMs: number } | null {
    return this.stopped || !this.opts.handlers[kind] ? null : { workerId: this.id, leaseMs: this.leaseMs };
  }

  /**
   * Runs a job written already claimed by `claimFor` (no claim transaction), with what its caller
   * holds in memory, so the handler need not read it back. Failure is handled as in any run.
   */
  async runHanded(store: Store, job: Job, handed: unknown): Promise<void> {
    await this.run(store, job, handed);
  }

  private async runOne(store: Store): Promise<boolean> {
    const kinds = Object.keys(this.opts.handlers);
    const job = await store.claimJob({ workerId: this.id, leaseMs: this.leaseMs, kinds });
    if (!job) return false;
    await this.run(store, job);
    return true;
  }

  private async run(store: Store, job: Job, handed?: unknown): Promise<void> {
    const handler = this.opts.handlers[job.kind];
    const ctx: JobContext = { store, workerId: this.id, completed: false, heartbeat: () => store.extendLease(job.id, this.id, this.leaseMs), handed };
    try {
      await handler(job, ctx);
      if (!ctx.completed) await store.completeJob(job.id, this.id);
    } catch (err) {
      this.opts.onError?.(err, job);
      const delay = retryAfterMs(err) ?? backoffDelayMs(job.attempts);
      const message = err instanceof Error ? err.message : String(err);
      await store.failJob(job.id, this.id, message, new Date(Date.now() + delay));
    }
  }
}

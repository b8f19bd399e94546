import type { Worker } from 'node:worker_threads';
import type { RecallResult, WarmOptions } from '../api.js';
import type { RecallOptions } from '../schemas.js';
import { MnemoError } from '../errors.js';
import { DEFAULT_CALL_SETTINGS } from '../models/llm/config.js';
import type { ThreadReply, ThreadRequestBody } from './protocol.js';
import { type RecallText, resultOf } from './recall-text.js';
import { spawnRecallThread } from './spawn-thread.js';
import type { RecallThreadConfig } from './thread-config.js';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
  sentAt: number;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Profiles whose indexes this thread has loaded (or is loading). */
  warmed: Map<string, Promise<unknown>>;
  /** Profiles whose load has finished in this thread. */
  loaded: Set<string>;
  /** When the thread last answered anything (or started): a thread that answers is not stuck. */
  lastAnswer: number;
}

/** How long a recall may wait for its thread's answer when no model is configured. */
export const RECALL_TIMEOUT_MS = 30_000;
/** How long a thread may take to load a profile's indexes (a large profile on a busy machine takes minutes). */
export const WARM_TIMEOUT_MS = 15 * 60_000;
/**
 * A request whose thread keeps answering others is waiting its turn, not stuck; past this many
 * timeouts it fails alone (its thread stays), so nothing waits forever on, e.g., a hung model call.
 */
const MAX_TIMEOUTS_WHILE_ANSWERING = 4;

/**
 * The default recall timeout: 30 s, and with a model four of its per-call timeouts more (query
 * analysis and synthesis may each try twice), so a slow model falls back to the offline stages as
 * it would on the calling thread instead of costing the whole thread.
 */
export function defaultRecallTimeoutMs(config: RecallThreadConfig): number {
  if (!config.llm) return RECALL_TIMEOUT_MS;
  return RECALL_TIMEOUT_MS + 4 * (config.llm.timeoutMs ?? DEFAULT_CALL_SETTINGS.timeoutMs);
}

/**
 * Recall on other cores: each thread opens the same data directory with its own connection and
 * in-memory indexes (kept current from the database's change logs), so recall never waits on the
 * main thread's writes. A request goes to the thread with the fewest in flight; a thread that dies
 * fails its requests with `unavailable` and is replaced on the next request. A recall with no
 * answer within `timeoutMs`, from a thread that answered nothing else meanwhile, means the thread
 * may be stuck: it is stopped and handled as a dead one. Under a load that queues recalls, a
 * thread that keeps answering is only busy: its waiting requests keep waiting (each for at most
 * MAX_TIMEOUTS_WHILE_ANSWERING timeouts). A thread starts loading a profile's indexes (`warm`) at its first recall of that profile and
 * answers from the on-disk indexes meanwhile; until the load is done a recall's timeout is
 * WARM_TIMEOUT_MS, since on a large profile the load legitimately keeps the thread busy longer
 * than a recall may take.
 */
export class RecallPool {
  private readonly threads: (Thread | null)[];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly config: RecallThreadConfig,
    size: number,
    private readonly warn: (m: string) => void,
    private readonly timeoutMs = defaultRecallTimeoutMs(config),
  ) {
    this.threads = Array.from({ length: size }, () => null);
  }

  get size(): number {
    return this.threads.length;
  }

  async recall(profile: string, query: string, options: RecallOptions): Promise<RecallResult> {
    return resultOf({ text: await this.recallText(profile, query, options) });
  }

  /** A recall's result as the thread's text (see RecallText), not parsed here. */
  async recallText(profile: string, query: string, options: RecallOptions): Promise<RecallText> {
    const t = this.pick();
    // Threads answer from the on-disk indexes while theirs load, so a first recall never waits for
    // the load; only its timeout does, since the load may keep the thread busy for a while.
    this.warmOn(t, profile).catch(() => {});
    const timeout = t.loaded.has(profile) ? this.timeoutMs : WARM_TIMEOUT_MS;
    return this.send(t, { op: 'recall', profile, query, options }, timeout) as Promise<RecallText>;
  }

  /**
   * Readies a profile in every thread (see ProfileApi.warm); `background`: resolves once each
   * thread answers a first recall quickly, while their index loads go on.
   */
  async warm(profile: string, opts: WarmOptions = {}): Promise<void> {
    if (!opts.background) {
      await Promise.all(this.threads.map((_, i) => this.warmOn(this.thread(i), profile)));
      return;
    }
    await Promise.all(this.threads.map((_, i) => {
      const t = this.thread(i);
      return this.send(t, { op: 'warm', profile, background: true }, WARM_TIMEOUT_MS);
    }));
  }

  private warmOn(t: Thread, profile: string): Promise<unknown> {
    let warming = t.warmed.get(profile);
    if (!warming) {
      warming = this.send(t, { op: 'warm', profile }, WARM_TIMEOUT_MS);
      warming.then(() => t.loaded.add(profile), () => {});
      t.warmed.set(profile, warming);
      warming.catch(() => t.warmed.delete(profile));
    }
    return warming;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t?.worker.terminate()));
    this.threads.fill(null);
  }

  private pick(): Thread {
    let best = 0;
    for (let i = 1; i < this.threads.length; i++) {
      if (load(this.threads[i]) < load(this.threads[best])) best = i;
    }
    return this.thread(best);
  }

  private thread(i: number): Thread {
    if (this.closed) throw new MnemoError('unavailable', 'this memory handle is closed');
    const existing = this.threads[i];
    if (existing) return existing;
    const t: Thread = { worker: spawnRecallThread(this.config), pending: new Map(), warmed: new Map(), loaded: new Set(), lastAnswer: performance.now() };
    t.worker.on('message', (reply: ThreadReply) => this.receive(t, reply));
    t.worker.on('error', (err) => this.fail(t, `recall thread failed: ${err.message}`));
    t.worker.on('exit', (code) => this.fail(t, `recall thread exited with code ${code}`));
    t.worker.unref();
    this.threads[i] = t;
    return t;
  }

  private send(t: Thread, req: ThreadRequestBody, timeoutMs?: number): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => this.expired(t, id, timeoutMs), timeoutMs).unref();
      t.pending.set(id, { resolve, reject, timer, sentAt: performance.now() });
      if (t.pending.size === 1) t.worker.ref();
      t.worker.postMessage({ ...req, id });
    });
  }

  private receive(t: Thread, reply: ThreadReply): void {
    if ('warning' in reply) return this.warn(reply.warning);
    t.lastAnswer = performance.now();
    const p = t.pending.get(reply.id);
    if (!p) return;
    clearTimeout(p.timer);
    t.pending.delete(reply.id);
    if (t.pending.size === 0) t.worker.unref();
    if (reply.ok) p.resolve('recall' in reply ? reply.recall : reply.value);
    else p.reject(new MnemoError(reply.error.code, reply.error.message, reply.error.details));
  }

  /**
   * A request's time is up. When its thread answered something within the last `timeoutMs`, the
   * thread is busy, not stuck: the request waits on (up to its last allowed timeout, then fails
   * alone). Otherwise the thread goes the way of a dead one.
   */
  private expired(t: Thread, id: number, timeoutMs: number): void {
    const p = t.pending.get(id);
    if (!p) return;
    const now = performance.now();
    const quiet = now - t.lastAnswer;
    if (quiet >= timeoutMs) return this.timedOut(t, timeoutMs);
    if (now - p.sentAt >= MAX_TIMEOUTS_WHILE_ANSWERING * timeoutMs) {
      t.pending.delete(id);
      if (t.pending.size === 0) t.worker.unref();
      const message = `recall got no answer within ${Math.round(now - p.sentAt)} ms while its thread answered others (recallTimeoutMs ${timeoutMs})`;
      this.warn(message);
      return p.reject(new MnemoError('unavailable', message));
    }
    p.timer = setTimeout(() => this.expired(t, id, timeoutMs), timeoutMs - quiet).unref();
  }

  /** The thread answered nothing in time: it may be stuck, so it goes the way of a dead one. */
  private timedOut(t: Thread, timeoutMs: number): void {
    this.fail(t, `recall got no answer within ${timeoutMs} ms (recallTimeoutMs); its thread was stopped and is replaced on the next request`);
    t.worker.unref();
    // Its 'exit' finds nothing left to fail. A thread blocked in a native call stops when the call returns.
    t.worker.terminate().catch(() => undefined);
  }

  private fail(t: Thread, message: string): void {
    const i = this.threads.indexOf(t);
    if (i >= 0) this.threads[i] = null;
    if (!this.closed && t.pending.size > 0) this.warn(message);
    for (const p of t.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new MnemoError('unavailable', message));
    }
    t.pending.clear();
  }
}

function load(t: Thread | null): number {
  return t ? t.pending.size : 0;
}

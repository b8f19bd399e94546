import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { MnemoApi, ProfileApi } from '../api.js';
import type { ChangeEvent } from '../events/change-event.js';
import { randomId } from '../ids.js';
import { type WebhookRegistry, onWebhookCreated } from './registry.js';
import { SIGNATURE_HEADER, signPayload } from './sign.js';
import { guardedLookup, literalTargetRefusal } from './target-policy.js';
import type { DeliveryOutcome, StoredWebhook } from './types.js';

export interface DispatcherOptions {
  /** How often each webhook's cursor is compared with the audit log (default 500 ms). */
  pollMs?: number;
  /** Per delivery; a receiver that hangs longer counts as failed (default 5 s). */
  timeoutMs?: number;
  /** Attempts per event before it is dead-lettered and delivery moves on (default 6). */
  maxAttempts?: number;
  /** First retry delay, doubled per attempt up to `maxBackoffMs` (default 1 s, 5 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Deliveries in flight at once across all webhooks (default 8); each webhook has at most one. */
  maxConcurrent?: number;
  /** Events read per webhook per turn (default 20): the in-memory queue never holds more. */
  batch?: number;
  /** How often all profiles are scanned for webhooks registered by other processes (default 30 s). */
  rescanMs?: number;
  /**
   * How long this server's claim on a webhook lasts without renewal (default 30 s, at least two
   * delivery timeouts): servers sharing a database deliver each webhook from one holder at a time.
   */
  leaseMs?: number;
  /** Deliver to loopback/private addresses too (link-local/metadata ones never). Default false. */
  allowPrivate?: boolean;
  warn?: (message: string) => void;
}

interface HookState {
  busy: boolean;
  attempts: number;
  nextAt: number;
}

/**
 * Delivers change events to webhooks. The audit log is the durable queue: each webhook keeps a
 * cursor (the last event id handled), so a restart resumes where it stopped and nothing is
 * buffered beyond one batch. Each webhook has one delivery in flight, every request has a timeout
 * and the total in flight is capped, so hanging receivers cannot stall the server or each other.
 */
export class WebhookDispatcher {
  private readonly profiles = new Set<string>();
  private readonly state = new Map<string, HookState>();
  private readonly aborts = new Set<AbortController>();
  private readonly o: Required<Omit<DispatcherOptions, 'warn'>>;
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private lastScan = 0;
  private stopped = false;
  private ticking = false;
  /** This dispatcher's identity in delivery leases. */
  private readonly holder = randomId();

  constructor(private readonly mnemo: MnemoApi, private readonly opts: DispatcherOptions = {}) {
    this.o = {
      pollMs: opts.pollMs ?? 500, timeoutMs: opts.timeoutMs ?? 5000, maxAttempts: opts.maxAttempts ?? 6,
      backoffMs: opts.backoffMs ?? 1000, maxBackoffMs: opts.maxBackoffMs ?? 300_000, maxConcurrent: opts.maxConcurrent ?? 8,
      batch: opts.batch ?? 20, rescanMs: opts.rescanMs ?? 30_000, allowPrivate: opts.allowPrivate ?? false,
      leaseMs: Math.max(opts.leaseMs ?? 30_000, 2 * (opts.timeoutMs ?? 5000)),
    };
  }

  private unsubscribe: (() => void) | null = null;

  start(): this {
    this.unsubscribe = onWebhookCreated((profile) => this.watch(profile));
    this.timer = setInterval(() => void this.tick(), this.o.pollMs);
    this.timer.unref();
    void this.tick();
    return this;
  }

  /** Start watching a profile now (its webhooks were just registered) rather than at the next scan. */
  watch(profile: string): void {
    this.profiles.add(profile);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    for (const a of this.aborts) a.abort();
    for (let i = 0; i < 200 && this.inFlight > 0; i++) await new Promise((r) => setTimeout(r, 10));
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      if (Date.now() - this.lastScan >= this.o.rescanMs) await this.scan();
      for (const name of this.profiles) {
        try {
          const profile = this.mnemo.profile(name);
          const registry = profile.webhooks();
          for (const hook of await registry.stored()) this.maybeRun(profile, registry, hook);
        } catch {
          // Not a profile of this server's data (a webhook created by another instance in this
          // process), or it went away: stop watching; the periodic scan picks it up if it has webhooks.
          this.profiles.delete(name);
        }
      }
    } catch (err) {
      this.opts.warn?.(`webhook dispatcher: ${String(err)}`);
    } finally {
      this.ticking = false;
    }
  }

  private async scan(): Promise<void> {
    this.lastScan = Date.now();
    for (const name of await this.mnemo.listProfiles()) {
      if ((await this.mnemo.profile(name).webhooks().stored()).length > 0) this.profiles.add(name);
    }
  }

  private maybeRun(profile: ProfileApi, registry: WebhookRegistry, hook: StoredWebhook): void {
    const key = `${profile.name}/${hook.id}`;
    let st = this.state.get(key);
    if (!st) this.state.set(key, (st = { busy: false, attempts: 0, nextAt: 0 }));
    if (st.busy || Date.now() < st.nextAt || this.inFlight >= this.o.maxConcurrent || this.stopped) return;
    st.busy = true;
    this.inFlight++;
    const state = st;
    this.drain(profile, registry, hook, state)
      .catch((err) => this.opts.warn?.(`webhook ${hook.id}: ${String(err)}`))
      .finally(() => {
        state.busy = false;
        this.inFlight--;
      });
  }

  /** Delivers the webhook's pending events in order until one fails (then it backs off) or none is left. */
  private async drain(profile: ProfileApi, registry: WebhookRegistry, hook: StoredWebhook, st: HookState): Promise<void> {
    const claimed = async () => {
      if (await registry.claim(hook.id, this.holder, this.o.leaseMs)) return true;
      st.nextAt = Date.now() + this.o.pollMs * 4;
      return false;
    };
    if (!(await claimed())) return;
    const events = await profile.events({ after: await registry.cursor(hook.id), limit: this.o.batch });
    for (const [i, event] of events.entries()) {
      if (this.stopped) return;
      // Renewed per event, so a long drain keeps the lease and a server that died mid-drain loses it.
      if (i > 0 && !(await claimed())) return;
      if (hook.events && !hook.events.includes(event.type)) {
        await registry.advance(hook.id, event.id);
        continue;
      }
      const started = Date.now();
      const { status, error } = await this.post(profile, hook, event);
      st.attempts++;
      const ok = error === null;
      const outcome: DeliveryOutcome = ok ? 'delivered' : st.attempts >= this.o.maxAttempts ? 'dead' : 'failed';
      await registry.record({
        webhookId: hook.id, eventId: event.id, eventType: event.type, attempt: st.attempts, outcome, status, error,
        durationMs: Date.now() - started, at: new Date().toISOString(),
      });
      if (outcome === 'failed') {
        st.nextAt = Date.now() + Math.min(this.o.maxBackoffMs, this.o.backoffMs * 2 ** (st.attempts - 1));
        return;
      }
      st.attempts = 0;
      st.nextAt = 0;
      await registry.advance(hook.id, event.id);
    }
  }

  private async post(profile: ProfileApi, hook: StoredWebhook, event: ChangeEvent): Promise<{ status: number | null; error: string | null }> {
    const memory = event.memoryId ? await profile.get(event.memoryId).catch(() => null) : null;
    const body = JSON.stringify({ ...event, memory });
    const policy = { allowPrivate: this.o.allowPrivate };
    const refused = literalTargetRefusal(hook.url, policy);
    if (refused) return { status: null, error: `webhook target is not allowed: ${refused}` };
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(() => abort.abort(), this.o.timeoutMs);
    try {
      const url = new URL(hook.url);
      const status = await new Promise<number>((resolve, reject) => {
        // node:http with a guarded lookup: the address checked is the one connected to (no DNS rebinding).
        const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
          method: 'POST',
          signal: abort.signal,
          lookup: guardedLookup(policy),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'mnemo-webhooks',
            [SIGNATURE_HEADER]: signPayload(hook.secret, body),
            'x-mnemo-event': event.type,
            'x-mnemo-event-id': String(event.id),
            'x-mnemo-webhook-id': hook.id,
          },
        }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
      return status >= 200 && status < 300 ? { status, error: null } : { status, error: `receiver answered ${status}` };
    } catch (err) {
      const message = abort.signal.aborted ? `no answer within ${this.o.timeoutMs} ms` : (err as Error).message;
      return { status: null, error: message };
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
    }
  }
}

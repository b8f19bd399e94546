import type { z } from 'zod';
import { MnemoError } from '../errors.js';
import { randomId } from '../ids.js';
import { nodeCrypto } from '../lazy-crypto.js';
import type { Store } from '../store/store.js';
import { parseInput } from '../validation.js';
import { assertWebhookTarget, type TargetPolicy } from './target-policy.js';
import {
  type CreatedWebhook, type StoredWebhook, type Webhook, type WebhookDelivery, type WebhookInput,
  WEBHOOK_LIMITS, publicWebhook, webhookInputSchema,
} from './types.js';

const KEY = 'webhooks';
const cursorKey = (id: string) => `webhook_cursor:${id}`;
const logKey = (id: string) => `webhook_log:${id}`;
const deadKey = (id: string) => `webhook_dead:${id}`;
const leaseKey = (id: string) => `webhook_lease:${id}`;

/**
 * A profile's webhooks, kept in its store's meta table (so they live and travel with the
 * profile, in both stores): the list, a delivery cursor per webhook (the last audit id handled),
 * the recent delivery log and the dead letters.
 */
export class WebhookRegistry {
  constructor(private readonly profile: string, private readonly store: () => Promise<Store>) {}

  /** `policy`: which receiver addresses are acceptable (see target-policy.ts; default: public only). */
  async create(input: WebhookInput, policy: TargetPolicy = {}): Promise<CreatedWebhook> {
    const data = parseInput(webhookInputSchema, input, 'webhook');
    await assertWebhookTarget(data.url, policy);
    const store = await this.store();
    return this.serialized(() => this.insert(store, data));
  }

  private async insert(store: Store, data: z.output<typeof webhookInputSchema>): Promise<CreatedWebhook> {
    const all = await this.stored();
    if (all.length >= WEBHOOK_LIMITS.maxPerProfile) throw new MnemoError('conflict', `a profile has at most ${WEBHOOK_LIMITS.maxPerProfile} webhooks`);
    const secret = `whsec_${nodeCrypto().randomBytes(24).toString('hex')}`;
    const hook: StoredWebhook = {
      id: randomId(),
      url: data.url,
      events: data.events ?? null,
      description: data.description ?? null,
      createdAt: new Date().toISOString(),
      secretHint: `whsec_…${secret.slice(-4)}`,
      secret,
    };
    // Deliveries start with the next change, not the profile's whole history.
    await store.setMeta(cursorKey(hook.id), String(await store.lastAuditId()));
    await store.setMeta(KEY, JSON.stringify([...all, hook]));
    for (const listener of createdListeners) listener(this.profile);
    return { ...publicWebhook(hook), secret };
  }

  async list(): Promise<Webhook[]> {
    return (await this.stored()).map(publicWebhook);
  }

  async remove(id: string): Promise<Webhook> {
    const store = await this.store();
    return this.serialized(async () => {
      const all = await this.stored();
      const found = all.find((w) => w.id === id);
      if (!found) throw new MnemoError('not_found', `no webhook ${id}`);
      await store.setMeta(KEY, JSON.stringify(all.filter((w) => w.id !== id)));
      await store.deleteMeta([cursorKey(id), logKey(id), deadKey(id), leaseKey(id)]);
      return publicWebhook(found);
    });
  }

  /** Newest first. */
  async deliveries(id: string): Promise<{ deliveries: WebhookDelivery[]; dead: WebhookDelivery[]; cursor: number }> {
    if (!(await this.stored()).some((w) => w.id === id)) throw new MnemoError('not_found', `no webhook ${id}`);
    const store = await this.store();
    return {
      deliveries: parseList<WebhookDelivery>(await store.getMeta(logKey(id))).reverse(),
      dead: parseList<WebhookDelivery>(await store.getMeta(deadKey(id))).reverse(),
      cursor: Number((await store.getMeta(cursorKey(id))) ?? 0),
    };
  }

  // ---- for the dispatcher --------------------------------------------------------------------
  async stored(): Promise<StoredWebhook[]> {
    return parseList<StoredWebhook>(await (await this.store()).getMeta(KEY));
  }

  async cursor(id: string): Promise<number> {
    return Number((await (await this.store()).getMeta(cursorKey(id))) ?? 0);
  }

  /**
   * Takes or renews the right to deliver this webhook for `ttlMs`: with several servers on one
   * database only the holder delivers, and another takes over once a dead holder's lease expires.
   */
  async claim(id: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.store()).claimLease(leaseKey(id), holder, ttlMs);
  }

  /** A delivery finishing after its webhook was removed writes nothing (no orphaned keys). */
  async advance(id: string, eventId: number): Promise<void> {
    const store = await this.store();
    await this.serialized(async () => {
      if (await this.exists(id)) await store.setMeta(cursorKey(id), String(eventId));
    });
  }

  async record(delivery: WebhookDelivery): Promise<void> {
    const store = await this.store();
    await this.serialized(async () => {
      if (!(await this.exists(delivery.webhookId))) return;
      await this.append(logKey(delivery.webhookId), delivery, WEBHOOK_LIMITS.logEntries);
      if (delivery.outcome === 'dead') await this.append(deadKey(delivery.webhookId), delivery, WEBHOOK_LIMITS.deadLetters);
    });
  }

  private async exists(id: string): Promise<boolean> {
    return (await this.stored()).some((w) => w.id === id);
  }

  /**
   * Read-modify-writes of this profile's webhook meta keys run one at a time per profile in this process, so
   * concurrent creates cannot lose each other or exceed the cap, and a removal cannot race a
   * delivery's bookkeeping.
   */
  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const previous = queues.get(this.profile) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.then(() => undefined, () => undefined);
    queues.set(this.profile, tail);
    void tail.then(() => {
      if (queues.get(this.profile) === tail) queues.delete(this.profile);
    });
    return run;
  }

  private async append(key: string, entry: WebhookDelivery, cap: number): Promise<void> {
    const store = await this.store();
    const list = parseList<WebhookDelivery>(await store.getMeta(key));
    list.push(entry);
    await store.setMeta(key, JSON.stringify(list.slice(-cap)));
  }
}

/** Keyed by profile name (a name shared by two data dirs in one process only costs some parallelism). */
const queues = new Map<string, Promise<void>>();

/** Dispatchers in this process start watching a profile as soon as it gets a webhook. */
const createdListeners = new Set<(profile: string) => void>();

export function onWebhookCreated(listener: (profile: string) => void): () => void {
  createdListeners.add(listener);
  return () => createdListeners.delete(listener);
}

function parseList<T>(text: string | null): T[] {
  return text ? (JSON.parse(text) as T[]) : [];
}

import type { RecallOptions } from '../schemas.js';
import type { Store } from '../store/store.js';
import { recallTuningRevision } from '../recall/tuning.js';
import { monotonicMs } from '../elapsed.js';
import { type RecallAnswer, type RecallText, textOf } from './recall-text.js';

/** How long a recall result may be reused when nothing was written meanwhile (default). */
export const RECALL_CACHE_MS = 1000;
const MAX_ENTRIES = 512;

interface Entry {
  store: Store;
  generation: string;
  at: number;
  /** The result as text (its `timings` left unused), once computed. */
  text: Promise<RecallText>;
}

/**
 * Reuses a profile's recall result for the same question and options while nothing at all has
 * been committed to the profile (the store's write generation: any write by any connection,
 * thread or process, including the access log and its fold into salience) and for at most
 * `ttlMs` (recency and "last week" move with the clock). Concurrent identical recalls share one
 * computation. Stores without a write generation (PostgreSQL) are never cached. A reused result
 * is its stored text (`reused`; parsed, it is a fresh copy) and says so in `timings.cache_hit`
 * (the ms the hit took) in place of the original stage timings.
 */
export class RecallResultCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs = RECALL_CACHE_MS) {}

  async recall(store: Store, query: string, options: RecallOptions, compute: () => Promise<RecallAnswer>): Promise<RecallAnswer> {
    const written = this.ttlMs > 0 ? store.writeGeneration?.() : undefined;
    if (written === undefined) return compute();
    const generation = `${written}/${recallTuningRevision()}`;
    const started = monotonicMs();
    const key = `${query}\u0000${JSON.stringify(options)}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.store === store && hit.generation === generation && now - hit.at < this.ttlMs) {
      const { rest, access } = await hit.text;
      return { text: { timings: `{"cache_hit":${(monotonicMs() - started).toFixed(3)}}`, rest, access }, reused: true };
    }
    const value = compute();
    const text = value.then(textOf);
    this.entries.delete(key);
    this.entries.set(key, { store, generation, at: now, text });
    if (this.entries.size > MAX_ENTRIES) this.evict(now);
    text.catch(() => {
      if (this.entries.get(key)?.text === text) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops expired entries, then the oldest ones past the bound (a Map iterates in insertion order). */
  private evict(now: number): void {
    for (const [key, e] of this.entries) if (now - e.at >= this.ttlMs) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}

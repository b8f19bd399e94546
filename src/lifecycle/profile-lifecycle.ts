import type { RecallResult } from '../api.js';
import type { MemoryFilter, Page, Store } from '../store/store.js';
import type { Memory } from '../types.js';
import { AccessRecorder } from './access-recorder.js';
import { withSalience } from './salience.js';
import { TopBySalience, decodeSalienceCursor, encodeSalienceCursor } from './salience-page.js';
import { LIFECYCLE_META_KEY, type LifecycleSettings, mergeLifecycleSettings, parseStoredSettings } from './settings.js';
import { type TieringResult, runTiering } from './tiering.js';
import { profileClock } from './profile-clock.js';
import { accessOf, type RecallAccess } from '../recall-pool/recall-text.js';

const SETTINGS_TTL_MS = 5_000;
/** `list --sort salience` streams the matching memories from the store in pages of this many. */
const SCAN_PAGE = 5_000;

export interface TierCommand {
  /** Cool memories neither written nor read for this many days. */
  coldAfterDays?: number;
  /** Salience threshold for this run (default: the profile's `coldBelow`). */
  coldBelow?: number;
}

/**
 * A profile's lifecycle: settings, access recording, salience on what is returned, tiering. Salience
 * is read on the profile's clock (profile-clock.ts), as tiering computes it.
 */
export class ProfileLifecycle {
  readonly recorder: AccessRecorder;
  private cached: { at: number; settings: LifecycleSettings } | null = null;

  constructor(private readonly store: () => Promise<Store>, warn: (message: string) => void) {
    this.recorder = new AccessRecorder(store, { onError: (err) => warn(`could not record memory accesses: ${String(err)}`) });
  }

  async settings(store: Store): Promise<LifecycleSettings> {
    if (this.cached && Date.now() - this.cached.at < SETTINGS_TTL_MS) return this.cached.settings;
    const settings = parseStoredSettings(await store.getMeta(LIFECYCLE_META_KEY));
    this.cached = { at: Date.now(), settings };
    return settings;
  }

  /** Validates and stores a settings change (nothing is written when it is invalid); returns the result. */
  async configure(store: Store, change: unknown): Promise<LifecycleSettings> {
    const next = mergeLifecycleSettings(await this.settings(store), change ?? {});
    await store.setMeta(LIFECYCLE_META_KEY, JSON.stringify(next));
    this.cached = { at: Date.now(), settings: next };
    return next;
  }

  /** Records the returned memories as read; the cold ones are queued back to hot. */
  recalled(result: RecallResult): RecallResult {
    this.accessed(accessOf(result));
    return result;
  }

  /** `recalled` for a result known by its access (a reused result's text). */
  accessed(access: RecallAccess): void {
    this.recorder.record(access.ids, new Set(access.cold));
  }

  /** Records a read by id; a cold memory read by id is queued back to hot like a recalled one. */
  async read(store: Store, m: Memory): Promise<Memory> {
    this.recorder.record([m.id], m.tier === 'cold' ? new Set([m.id]) : undefined);
    return withSalience(m, await this.settings(store), await profileClock(store, new Date()));
  }

  async withSalience(store: Store, page: Page<Memory>): Promise<Page<Memory>> {
    const settings = await this.settings(store);
    const now = await profileClock(store, new Date());
    return { ...page, items: page.items.map((m) => withSalience(m, settings, now)) };
  }

  /** Matching memories, most salient first, in keyset pages (see salience-page.ts for why the store cannot order them). */
  async listBySalience(store: Store, filter: MemoryFilter): Promise<Page<Memory>> {
    const after = filter.cursor ? decodeSalienceCursor(filter.cursor) : null;
    const settings = await this.settings(store);
    const now = after ? new Date(after.at) : await profileClock(store, new Date());
    const top = new TopBySalience(filter.limit, after);
    let cursor: string | undefined;
    do {
      const page = await store.listMemories({ ...filter, limit: SCAN_PAGE, cursor });
      for (const m of page.items) top.offer(withSalience(m, settings, now));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const { items, more } = top.result();
    const last = items.at(-1);
    return { items, nextCursor: more && last ? encodeSalienceCursor({ at: now.toISOString(), salience: last.salience!, createdAt: last.createdAt, id: last.id }) : null };
  }

  async tier(store: Store, cmd: TierCommand): Promise<TieringResult> {
    await this.recorder.flush();
    while ((await store.foldAccesses(5_000)).folded > 0) { /* fold what was read first */ }
    return runTiering(store, await this.settings(store), { now: new Date(), coldAfterDays: cmd.coldAfterDays, coldBelow: cmd.coldBelow });
  }
}

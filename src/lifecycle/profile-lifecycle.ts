import type { RecallResult } from '../api.js';
import { MnemoError } from '../errors.js';
import type { MemoryFilter, Page, Store } from '../store/store.js';
import type { Memory } from '../types.js';
import { AccessRecorder } from './access-recorder.js';
import { withSalience } from './salience.js';
import { LIFECYCLE_META_KEY, type LifecycleSettings, mergeLifecycleSettings, parseStoredSettings } from './settings.js';
import { type TieringResult, runTiering } from './tiering.js';

const SETTINGS_TTL_MS = 5_000;
/** `list --sort salience` reads the matching memories in pages of this many, then sorts them. */
const SCAN_PAGE = 5_000;

export interface TierCommand {
  /** Cool memories neither written nor read for this many days. */
  coldAfterDays?: number;
  /** Salience threshold for this run (default: the profile's `coldBelow`). */
  coldBelow?: number;
}

/** A profile's lifecycle: settings, access recording, salience on what is returned, tiering. */
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
    const ids = result.memories.map((m) => m.id);
    this.recorder.record(ids, new Set(result.memories.filter((m) => m.tier === 'cold').map((m) => m.id)));
    return result;
  }

  async read(store: Store, m: Memory): Promise<Memory> {
    this.recorder.record([m.id]);
    return withSalience(m, await this.settings(store), new Date());
  }

  async withSalience(store: Store, page: Page<Memory>): Promise<Page<Memory>> {
    const settings = await this.settings(store);
    const now = new Date();
    return { ...page, items: page.items.map((m) => withSalience(m, settings, now)) };
  }

  /** Every matching memory, most salient first; the cursor is the offset of the next page. */
  async listBySalience(store: Store, filter: MemoryFilter): Promise<Page<Memory>> {
    const offset = filter.cursor ? Number(Buffer.from(filter.cursor, 'base64url').toString('utf8').replace(/^salience:/, '')) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw new MnemoError('invalid_input', 'invalid cursor for a list sorted by salience');
    const settings = await this.settings(store);
    const now = new Date();
    const all: Memory[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.listMemories({ ...filter, limit: SCAN_PAGE, cursor });
      for (const m of page.items) all.push(withSalience(m, settings, now));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    all.sort((a, b) => b.salience! - a.salience! || (a.createdAt < b.createdAt ? 1 : -1));
    const items = all.slice(offset, offset + filter.limit);
    const next = offset + items.length;
    return { items, nextCursor: next < all.length ? Buffer.from(`salience:${next}`).toString('base64url') : null };
  }

  async tier(store: Store, cmd: TierCommand): Promise<TieringResult> {
    await this.recorder.flush();
    while ((await store.foldAccesses(5_000)).folded > 0) { /* fold what was read first */ }
    return runTiering(store, await this.settings(store), { now: new Date(), coldAfterDays: cmd.coldAfterDays, coldBelow: cmd.coldBelow });
  }
}

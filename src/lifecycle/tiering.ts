import { MnemoError } from '../errors.js';
import type { Store } from '../store/store.js';
import type { Memory } from '../types.js';
import { buildArchive } from './archive.js';
import { neverDecays, salienceOf } from './salience.js';
import type { LifecycleSettings } from './settings.js';
import { profileClock } from './profile-clock.js';

export const TIERED_AT_KEY = 'lifecycle.tiered_at';
const PAGE = 5_000;
const DAY_MS = 86_400_000;

export interface TieringOptions {
  /** The wall clock; memories age to the profile's own time, never later (profile-clock.ts). */
  now: Date;
  /** Also cool memories neither written nor read for this many days (`mnemo tier --cold-after 90d`). */
  coldAfterDays?: number;
  /** Overrides the profile's `coldBelow` salience threshold. */
  coldBelow?: number;
}

export interface TieringResult {
  scanned: number;
  cooled: number;
  cold: number;
  archiveEntries: number;
  /** The time salience was computed at: the profile's newest memory's, or now when that is later (ISO). */
  agedTo: string;
}

/**
 * Moves hot active memories to cold when their salience (on the profile's clock: its newest
 * memory's time, at most now; see profile-clock.ts) is under the threshold or, with
 * `coldAfterDays`, when they were neither written nor read for that long; pinned memories,
 * instructions and active tasks never go cold. Then rebuilds the archive index over every cold
 * memory. A job or an explicit command runs this, never recall.
 */
export async function runTiering(store: Store, settings: LifecycleSettings, opts: TieringOptions): Promise<TieringResult> {
  const threshold = opts.coldBelow ?? settings.coldBelow;
  if (!(threshold >= 0 && threshold <= 1)) throw new MnemoError('invalid_input', `the cold threshold must be from 0 to 1; got ${threshold}`);
  if (opts.coldAfterDays !== undefined && !(opts.coldAfterDays > 0)) {
    throw new MnemoError('invalid_input', `cold-after must be a positive duration; got ${opts.coldAfterDays} days`);
  }
  const at = { ...opts, agedTo: await profileClock(store, opts.now) };
  const cooled: string[] = [];
  let scanned = 0;
  let cursor: string | undefined;
  do {
    const page = await store.listMemories({ status: 'active', limit: PAGE, cursor });
    for (const m of page.items) {
      scanned++;
      if (m.tier === 'hot' && shouldCool(m, settings, threshold, at)) cooled.push(m.id);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  await store.setTier(cooled, 'cold');
  const archive = await rebuildArchive(store);
  await store.setMeta(TIERED_AT_KEY, opts.now.toISOString());
  return { scanned, cooled: cooled.length, ...archive, agedTo: at.agedTo.toISOString() };
}

/**
 * Salience is read at `agedTo` (the profile's clock; default `now`): it ranks memories against the
 * newer ones. Cold-after is an idleness rule in calendar time (a read counts), so it reads `now`.
 */
export function shouldCool(m: Memory, settings: LifecycleSettings, threshold: number, opts: Pick<TieringOptions, 'now' | 'coldAfterDays'> & { agedTo?: Date }): boolean {
  if (neverDecays(m)) return false;
  if (threshold > 0 && salienceOf(m, settings, opts.agedTo ?? opts.now) < threshold) return true;
  if (opts.coldAfterDays === undefined) return false;
  const touched = Math.max(Date.parse(m.createdAt), m.lastAccessedAt ? Date.parse(m.lastAccessedAt) : 0);
  return opts.now.getTime() - touched > opts.coldAfterDays * DAY_MS;
}

/** The archive index over every active cold memory (one transaction replaces it). */
export async function rebuildArchive(store: Store): Promise<{ cold: number; archiveEntries: number }> {
  const ids = await store.coldMemoryIds();
  const cold: Memory[] = [];
  for (let i = 0; i < ids.length; i += PAGE) {
    for (const m of await store.getMemories(ids.slice(i, i + PAGE))) if (m.status === 'active') cold.push(m);
  }
  const entries = buildArchive(cold);
  await store.replaceArchive(entries);
  return { cold: cold.length, archiveEntries: entries.length };
}

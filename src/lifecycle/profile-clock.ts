import type { Store } from '../store/store.js';

/**
 * The profile's "now" for aging memories: the time of its newest memory (when it was said: an
 * extracted memory carries its source turn's time), never later than the wall clock. A memory ages
 * as newer ones arrive, not while nothing happens: an imported archive keeps its own recent end hot,
 * and a profile left idle for months finds its memories as it left them. Reads do not move it (a
 * question about an old archive would otherwise send the archive cold), nor does a forgotten memory;
 * an empty profile is at `wall`.
 */
export async function profileClock(store: Store, wall: Date): Promise<Date> {
  const newest = (await store.listMemories({ status: ['active', 'superseded', 'done'], limit: 1 })).items[0];
  const at = newest ? Date.parse(newest.createdAt) : Number.NaN;
  return Number.isNaN(at) || at >= wall.getTime() ? wall : new Date(at);
}

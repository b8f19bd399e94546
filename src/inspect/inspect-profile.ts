/** The Profiles page's numbers, from one grouped count and a few cheap reads. */
import type { Store } from '../store/store.js';
import type { ProfileInspection } from './types.js';

export async function inspectProfile(store: Store): Promise<ProfileInspection> {
  const [inspection, messages, jobs] = await Promise.all([store.inspect(), store.countMessages(), store.countJobs()]);
  const byType: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  const byTier: Record<string, number> = {};
  let total = 0;
  for (const { type, status, tier, n } of inspection.counts) {
    byType[type] = (byType[type] ?? 0) + n;
    byStatus[status] = (byStatus[status] ?? 0) + n;
    byTier[tier] = (byTier[tier] ?? 0) + n;
    total += n;
  }
  return {
    profile: store.profile,
    memories: { total, byType, byStatus, byTier },
    messages,
    sizeBytes: inspection.sizeBytes,
    lastWriteAt: inspection.lastWriteAt,
    jobs,
  };
}

/** What of a benchmark profile recall reads besides the content: tiers and access counts. */
import { createHash } from 'node:crypto';
import type { ProfileApi } from '../api.js';

/**
 * A digest of every memory's tier, access count and last access. Rows that share one profile
 * (bench/ablation.ts) must each find it as prepared: a fold of their reads (and the tiering a
 * fold runs once a day) would hand one row's accesses and tiers to the next.
 */
export async function lifecycleDigest(profile: ProfileApi): Promise<string> {
  const hash = createHash('sha256');
  let cursor: string | undefined;
  do {
    const page = await profile.list({ status: ['active', 'superseded', 'done'], limit: 500, cursor });
    for (const m of page.items) hash.update(`${m.id} ${m.tier} ${m.accessCount} ${m.lastAccessedAt ?? ''}\n`);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return hash.digest('hex');
}

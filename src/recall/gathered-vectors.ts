import type { ChannelResult } from './candidate.js';
import { gatheredAmong } from './gathered-aside.js';
import type { Store } from '../store/store.js';

/** Memory vector searches fetch this share of their depth beyond it, room for the gathered memories among the best. */
export const GATHERED_MARGIN = 0.2;

const isMemoryVectors = (r: ChannelResult) => (r.channel === 'vector' && !r.source) || r.channel === 'hyde';

/**
 * Each memory vector search cut to its `depth` best memories other than gathered ones
 * (consolidation's digests), the gathered ones ranked among them kept: a digest takes no place of
 * theirs, so the list's tail, which scales the channel's scores (normalize.ts), stays as without
 * consolidation while at most the margin's worth of digests rank above it. The rows read to tell
 * them apart are those the ranking reads anyway (gatheredAmong), and only when a search found more
 * than `depth`.
 */
export async function cutBesideGathered(store: Store, results: ChannelResult[], depth: number): Promise<void> {
  if (!results.some((r) => isMemoryVectors(r) && r.hits.length > depth)) return;
  const gathered = await gatheredAmong(store, results);
  for (const r of results) {
    if (!isMemoryVectors(r) || r.hits.length <= depth) continue;
    let others = 0;
    let end = 0;
    while (end < r.hits.length && others < depth) if (!gathered.has(r.hits[end++]!.id)) others++;
    r.hits = r.hits.slice(0, end);
  }
}

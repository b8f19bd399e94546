import { isGathered } from '../consolidation/compose.js';
import type { Store } from '../store/store.js';
import { type Candidate, candidateKey } from './candidate.js';

/**
 * The raw turn is the evidence: a memory and the messages it was extracted from reinforce each
 * other instead of competing. Each gains `share` × the best own score of its partners; source
 * messages not found by any channel join as candidates. Memories must be hydrated.
 * Gathered memories (consolidation's digests) never take part: without pointers they wait aside
 * (src/recall/gathered-aside.ts); with them `skipGathered` leaves them to gathered-pointers.ts.
 */
export async function propagateProvenance(store: Store, candidates: Candidate[], share: number, skipGathered = false): Promise<Candidate[]> {
  if (share <= 0) return candidates;
  const byKey = new Map(candidates.map((c) => [candidateKey(c.kind, c.id), c]));
  const fromMemories = new Map<string, number>();
  for (const c of candidates) {
    if (c.kind !== 'memory' || !c.memory) continue;
    if (skipGathered && isGathered(c.memory)) continue;
    for (const src of c.memory.sourceMessageIds) {
      fromMemories.set(src, Math.max(fromMemories.get(src) ?? 0, c.own));
      const msg = byKey.get(candidateKey('message', src));
      if (msg) c.score = Math.max(c.score, c.own + share * msg.own);
    }
  }
  const missing = [...fromMemories.keys()].filter((id) => !byKey.has(candidateKey('message', id)));
  const loaded = missing.length ? await store.getMessages(missing) : [];
  const out = [...candidates];
  for (const message of loaded) {
    out.push({ kind: 'message', id: message.id, message, hits: [], score: 0, own: 0 });
  }
  for (const c of out) {
    const bonus = c.kind === 'message' ? fromMemories.get(c.id) : undefined;
    if (bonus !== undefined) c.score = Math.max(c.score, c.own + share * bonus);
  }
  return out;
}

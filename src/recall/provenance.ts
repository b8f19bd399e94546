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
export async function propagateProvenance(store: Store, candidates: Candidate[], share: number, skipGathered = false, leadOnly = false): Promise<Candidate[]> {
  if (share <= 0) return candidates;
  const byKey = new Map(candidates.map((c) => [candidateKey(c.kind, c.id), c]));
  const fromMemories = new Map<string, number>();
  const lead = leadOnly ? await leadTurns(store, candidates) : new Map<string, ReadonlySet<string>>();
  for (const c of candidates) {
    if (c.kind !== 'memory' || !c.memory) continue;
    if (skipGathered && isGathered(c.memory)) continue;
    const leadIds = lead.get(c.id);
    for (const src of c.memory.sourceMessageIds) {
      fromMemories.set(src, Math.max(fromMemories.get(src) ?? 0, c.own));
      const msg = byKey.get(candidateKey('message', src));
      if (msg && (!leadIds || leadIds.has(src))) c.score = Math.max(c.score, c.own + share * msg.own);
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

/**
 * A merged memory (consolidation's) keeps its oldest statement's words (written by rules; a model's
 * rewrite is read the same way), so the question matches it as it matched that statement: it takes
 * its lift from that statement's turns only, as the statement did. Lifted by whichever restatement's turn the question found best, it ranked above
 * every statement it replaced (one statement's words plus another's turn).
 */
async function leadTurns(store: Store, candidates: Candidate[]): Promise<Map<string, ReadonlySet<string>>> {
  const merged = candidates.filter((c) => c.memory && c.memory.derivedFrom.length > 0 && !isGathered(c.memory) && c.memory.sourceMessageIds.length > 1);
  if (merged.length === 0) return new Map();
  const leads = new Map((await store.getMemories(merged.map((c) => c.memory!.derivedFrom[0]!))).map((m) => [m.id, m]));
  const out = new Map<string, ReadonlySet<string>>();
  for (const c of merged) {
    const lead = leads.get(c.memory!.derivedFrom[0]!);
    if (lead) out.set(c.id, new Set(lead.sourceMessageIds));
  }
  return out;
}

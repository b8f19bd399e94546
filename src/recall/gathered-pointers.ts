import { isGathered } from '../consolidation/compose.js';
import type { Store } from '../store/store.js';
import { type Candidate, candidateKey } from './candidate.js';
import { sortCandidates } from './fuse.js';

export interface PointerOptions {
  /** Share of the gathered memory's score its best-matching member turn gains. */
  share: number;
  /** Part of that share every member gains whatever its own match (0..1); the rest goes by its own match. */
  floor: number;
  /** How many of the best gathered memories are followed. */
  head: number;
  /** Session summaries too (they point at member memories, not at turns). */
  summaries: boolean;
}

/**
 * A gathered memory (consolidation's topic or session memory) is a pointer, not evidence: it
 * stands for many turns, most of which say nothing about the question. Found by its own words,
 * it passes its score to its members' turns, each by its own match to the question: a member
 * turn gains `share` × the memory's score × (floor + (1 − floor) × its own score / the best
 * member's). The memory itself then ranks just below the last of its members, so reading it never
 * puts turns that do not match ahead of better evidence. A session summary points at its member
 * memories; their turns are what it points at. Memories must be hydrated.
 */
export async function followPointers(store: Store, ranked: Candidate[], o: PointerOptions): Promise<Candidate[]> {
  const pointers = ranked.filter((c) => c.kind === 'memory' && c.memory && c.own > 0 && isGathered(c.memory) && (o.summaries || c.memory.sourceMessageIds.length > 0)).slice(0, o.head);
  if (pointers.length === 0 || o.share <= 0) return ranked;
  const viaMembers = pointers.filter((g) => g.memory!.sourceMessageIds.length === 0).flatMap((g) => g.memory!.derivedFrom);
  const members = new Map((viaMembers.length > 0 ? await store.getMemories([...new Set(viaMembers)]) : []).map((m) => [m.id, m]));
  const byKey = new Map(ranked.map((c) => [candidateKey(c.kind, c.id), c]));
  const out = [...ranked];
  const missing = new Map<string, Candidate[]>();
  const lifted: { pointer: Candidate; turns: string[] }[] = [];
  for (const g of pointers) {
    const mem = g.memory!;
    const turns = [...new Set(mem.sourceMessageIds.length > 0 ? mem.sourceMessageIds : mem.derivedFrom.flatMap((id) => members.get(id)?.sourceMessageIds ?? []))];
    if (turns.length === 0) continue;
    const own = (id: string) => byKey.get(candidateKey('message', id))?.own ?? 0;
    const best = Math.max(...turns.map(own));
    for (const id of turns) {
      const bonus = o.share * g.score * (o.floor + (1 - o.floor) * (best > 0 ? own(id) / best : 0));
      const c = byKey.get(candidateKey('message', id));
      if (c) c.score = Math.max(c.score, c.own + bonus);
      else {
        const fresh: Candidate = { kind: 'message', id, hits: [], score: bonus, own: 0 };
        byKey.set(candidateKey('message', id), fresh);
        out.push(fresh);
        (missing.get(id) ?? missing.set(id, []).get(id)!).push(fresh);
      }
    }
    lifted.push({ pointer: g, turns });
  }
  if (missing.size > 0) for (const m of await store.getMessages([...missing.keys()])) for (const c of missing.get(m.id) ?? []) c.message = m;
  for (const { pointer, turns } of lifted) {
    const last = Math.min(...turns.map((id) => byKey.get(candidateKey('message', id))?.score ?? 0));
    pointer.score = Math.min(pointer.score, last * 0.999);
  }
  // A turn that could not be loaded (purged since) is not a candidate.
  return sortCandidates(out.filter((c) => c.kind === 'memory' || c.message || !missing.has(c.id)));
}

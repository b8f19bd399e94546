import type { Candidate } from '../recall/candidate.js';
import { hydrate } from '../recall/hydrate.js';
import type { Store } from '../store/store.js';
import type { FilterNode } from './ast.js';
import { matchesFilter } from './match.js';

/**
 * Recall under a filter keeps the memories that match it and only the raw messages those
 * memories were drawn from, so nothing outside the scope (another user's turns) reaches the
 * answer. Runs before synthesis.
 */
export async function scopeCandidates(store: Store, ranked: Candidate[], where: FilterNode): Promise<Candidate[]> {
  await hydrate(store, ranked);
  const sources = new Set<string>();
  const kept = new Set<Candidate>();
  for (const c of ranked) {
    if (c.kind !== 'memory' || !c.memory || !matchesFilter(c.memory, where)) continue;
    kept.add(c);
    for (const id of c.memory.sourceMessageIds) sources.add(id);
  }
  return ranked.filter((c) => kept.has(c) || (c.kind === 'message' && sources.has(c.id)));
}

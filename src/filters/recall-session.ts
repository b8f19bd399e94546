import type { Candidate } from '../recall/candidate.js';
import { hydrate } from '../recall/hydrate.js';
import type { Store } from '../store/store.js';

/**
 * Recall for one session answers from that session alone. The text, message and vector channels
 * already search only its rows; the others (topic keys, names, neighbours, a second round) find
 * candidates by what they say, so their finds from other sessions are dropped here.
 */
export async function sessionCandidates(store: Store, ranked: Candidate[], sessionId: string): Promise<Candidate[]> {
  await hydrate(store, ranked);
  return ranked.filter((c) => (c.kind === 'memory' ? c.memory?.sessionId : c.message?.sessionId) === sessionId);
}

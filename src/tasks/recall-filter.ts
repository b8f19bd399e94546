import { hydrate } from '../recall/hydrate.js';
import type { Candidate } from '../recall/candidate.js';
import type { Store } from '../store/store.js';
import { isLapsed } from './expiry.js';

/**
 * Drops lapsed tasks from ranked recall candidates. Done tasks never reach here (their status
 * keeps them out of every channel); lapsed ones are still active, so they are filtered by time.
 * Only the head that recall loads anyway is hydrated.
 */
export async function withoutLapsedTasks(store: Store, ranked: Candidate[], at: Date, head: number): Promise<Candidate[]> {
  const memories = ranked.filter((c) => c.kind === 'memory').slice(0, head);
  await hydrate(store, memories);
  return ranked.filter((c) => !(c.memory && isLapsed(c.memory, at)));
}

import type { Store } from '../store/store.js';
import type { Candidate } from './candidate.js';
import { hydrate } from './hydrate.js';

/**
 * "In what order did I bring things up" asks when each thing was first raised: of a session's
 * turns by the same speaker matching the question, within `within` of the session's best score,
 * the earliest is where the topic came up; the ones after it continue it. The earliest takes the
 * session's best score and the best one takes its place, among the first `head` messages.
 */
export async function preferFirstMentions(store: Store, ranked: Candidate[], within: number, head = 60): Promise<Candidate[]> {
  if (within <= 0) return ranked;
  const top = ranked.slice(0, head).filter((c) => c.kind === 'message');
  await hydrate(store, top);
  const groups = new Map<string, Candidate[]>();
  for (const c of top) {
    if (!c.message) continue;
    const key = `${c.message.sessionId}\u0000${c.message.role}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(c);
  }
  for (const group of groups.values()) {
    const best = group.reduce((a, b) => (b.score > a.score ? b : a));
    const first = group.filter((c) => c.score >= within * best.score).reduce((a, b) => (b.message!.seq < a.message!.seq ? b : a));
    if (first !== best) [first.score, best.score] = [best.score, first.score];
  }
  return ranked;
}

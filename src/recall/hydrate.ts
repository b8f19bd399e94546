import type { Store } from '../store/store.js';
import type { Candidate } from './candidate.js';

/** Vector hits carry only ids: load the rows of the given candidates that lack them. */
export async function hydrate(store: Store, candidates: Candidate[]): Promise<void> {
  const memIds = candidates.filter((c) => c.kind === 'memory' && !c.memory).map((c) => c.id);
  const msgIds = candidates.filter((c) => c.kind === 'message' && !c.message).map((c) => c.id);
  const [mems, msgs] = await Promise.all([
    memIds.length ? store.getMemories(memIds) : [],
    msgIds.length ? store.getMessages(msgIds) : [],
  ]);
  const memById = new Map(mems.map((m) => [m.id, m]));
  const msgById = new Map(msgs.map((m) => [m.id, m]));
  for (const c of candidates) {
    if (c.kind === 'memory' && !c.memory) c.memory = memById.get(c.id);
    if (c.kind === 'message' && !c.message) c.message = msgById.get(c.id);
  }
}

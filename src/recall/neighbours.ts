import type { Store } from '../store/store.js';
import { type Candidate, candidateKey } from './candidate.js';

/**
 * Evidence often spans adjacent turns (a question and its answer): the best messages pass
 * `share` × their score to the previous and next turn of the same session.
 */
export async function pullNeighbours(store: Store, ranked: Candidate[], share: number, top: number): Promise<Candidate[]> {
  if (share <= 0) return ranked;
  const seeds = ranked.filter((c) => c.kind === 'message').slice(0, top);
  const byKey = new Map(ranked.map((c) => [candidateKey(c.kind, c.id), c]));
  const around = await Promise.all(seeds.map((s) => store.messageNeighbours(s.id, 1, 1)));
  const out = [...ranked];
  seeds.forEach((seed, i) => {
    for (const message of around[i]!) {
      if (message.id === seed.id) continue;
      const key = candidateKey('message', message.id);
      let c = byKey.get(key);
      if (!c) {
        c = { kind: 'message', id: message.id, message, hits: [], score: 0, own: 0 };
        byKey.set(key, c);
        out.push(c);
      }
      c.score = Math.max(c.score, c.own + share * seed.score);
    }
  });
  return out;
}

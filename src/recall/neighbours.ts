import type { Store } from '../store/store.js';
import type { StoredMessage } from '../types.js';
import { type Candidate, candidateKey } from './candidate.js';

/**
 * Evidence often spans nearby turns (a question and its answer, the same speaker's next turn on
 * the topic): the best messages pass `share` × their score to the `window` turns before and after
 * them in the same session (one store call). Seeds are visited best first, and a neighbour raised
 * by an earlier seed passes on its raised score. Short chat turns lean on their neighbours, long
 * self-contained messages do not: with `refChars` > 0 the share shrinks by refChars / length once
 * the pair's mean length exceeds it.
 */
export async function pullNeighbours(store: Store, ranked: Candidate[], share: number, top: number, refChars = 0, window = 1): Promise<Candidate[]> {
  if (share <= 0) return ranked;
  const seeds = ranked.filter((c) => c.kind === 'message').slice(0, top);
  const byKey = new Map(ranked.map((c) => [candidateKey(c.kind, c.id), c]));
  const around = await store.messagesAround(seeds.map((s) => s.id), window, window);
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
      c.score = Math.max(c.score, c.own + share * lengthFactor(seed, message, refChars) * seed.score);
    }
  });
  return out;
}

function lengthFactor(seed: Candidate, neighbour: StoredMessage, refChars: number): number {
  if (refChars <= 0 || !seed.message) return 1;
  const mean = (seed.message.content.length + neighbour.content.length) / 2;
  return Math.min(1, refChars / mean);
}

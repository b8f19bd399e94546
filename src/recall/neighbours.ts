import type { Store } from '../store/store.js';
import type { StoredMessage } from '../types.js';
import type { Candidate } from './candidate.js';

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
  const messages = ranked.filter((c) => c.kind === 'message');
  const seeds = messages.slice(0, top);
  if (seeds.length === 0) return ranked;
  const byId = new Map(messages.map((c) => [c.id, c]));
  const around = await store.messagesAround(seeds.map((s) => s.id), window, window);
  const out = [...ranked];
  seeds.forEach((seed, i) => {
    for (const message of around[i]!) {
      if (message.id === seed.id) continue;
      let c = byId.get(message.id);
      if (!c) {
        c = { kind: 'message', id: message.id, message, hits: [], score: 0, own: 0 };
        byId.set(message.id, c);
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

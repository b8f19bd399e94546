import type { Store } from '../store/store.js';
import type { StoredMessage } from '../types.js';
import { type Candidate, candidateKey } from './candidate.js';
import { hydrate } from './hydrate.js';
import { insertByScore } from './insert-by-score.js';

export interface FollowUpOptions {
  /** How many of the best user turns are followed. */
  seeds: number;
  /** Share of the seed's score its follow-up gains. */
  share: number;
}

/**
 * "In what order did I bring things up" counts what the person raised next about the same thing:
 * once a topic is opened and answered, the same speaker's next turn in the session ("what if the
 * user types quickly?", "let's go with those steps") is another aspect of it, in words of its own.
 * Each of the best `seeds` user turns passes `share` of its score to its speaker's next turn after
 * the reply. Placed after the time spread, which would count the two as one moment.
 */
export async function followUps(store: Store, ranked: Candidate[], o: FollowUpOptions): Promise<Candidate[]> {
  if (o.share <= 0 || o.seeds <= 0) return ranked;
  const messages = ranked.filter((c) => c.kind === 'message');
  // Sequence questions were hydrated over their first 60 by now; the seeds come from the same head.
  await hydrate(store, messages.slice(0, 60));
  const seeds = messages.filter((c) => c.message?.role === 'user').slice(0, o.seeds);
  if (seeds.length === 0) return ranked;
  const around = await store.messagesAround(seeds.map((s) => s.id), 0, 2);
  const byKey = new Map(ranked.map((c) => [candidateKey(c.kind, c.id), c]));
  const raised = new Map<string, Candidate>();
  seeds.forEach((seed, i) => {
    const next = nextOwnTurn(around[i]!, seed.id);
    if (!next) return;
    const key = candidateKey('message', next.id);
    const c = raised.get(key) ?? byKey.get(key) ?? { kind: 'message', id: next.id, message: next, hits: [], score: 0, own: 0 };
    if (o.share * seed.score <= c.score) return;
    c.score = o.share * seed.score;
    raised.set(key, c);
  });
  // The raised move up to where their scores belong; the others keep the time spread's order.
  const rest = ranked.filter((c) => !raised.has(candidateKey(c.kind, c.id)));
  return insertByScore(rest, [...raised.values()]);
}

/** The seed's speaker's next turn, right after the other side's reply. */
function nextOwnTurn(turns: StoredMessage[], seedId: string): StoredMessage | undefined {
  const at = turns.findIndex((m) => m.id === seedId);
  const self = turns[at];
  const reply = turns[at + 1];
  const next = turns[at + 2];
  if (!self || !reply || !next) return undefined;
  return reply.role !== self.role && next.role === self.role && next.sessionId === self.sessionId ? next : undefined;
}

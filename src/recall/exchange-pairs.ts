import type { Store } from '../store/store.js';
import type { StoredMessage } from '../types.js';
import { type Candidate, candidateKey } from './candidate.js';

/**
 * An overview is told by whole exchanges, a request with the reply it got: a user turn alone
 * says what was asked, not what came of it, and a reply alone loses what it answered. Among the
 * first `head` candidates, each message is followed at once by the other half of its exchange
 * (a user turn by the reply right after it, a reply by the user turn right before it), at the
 * score just under it. Memories and what lies past the head keep their order.
 * The first `keep` candidates stay where they were (a pair would take two of the few first places
 * a reader looks at); their partners follow right after them.
 */
export async function pairExchanges(store: Store, ranked: Candidate[], head: number, keep = 0): Promise<Candidate[]> {
  if (head <= 0) return ranked;
  const top = ranked.slice(0, head);
  const seeds = top.filter((c) => c.kind === 'message');
  if (seeds.length === 0) return ranked;
  const around = await store.messagesAround(seeds.map((s) => s.id), 1, 1);
  const partnerOf = new Map<string, StoredMessage>();
  seeds.forEach((seed, i) => {
    const turns = around[i]!;
    const at = turns.findIndex((m) => m.id === seed.id);
    if (at < 0) return;
    const self = turns[at]!;
    const partner = self.role === 'user' ? turns[at + 1] : turns[at - 1];
    if (partner?.role === (self.role === 'user' ? 'assistant' : 'user')) partnerOf.set(seed.id, partner);
  });
  const byKey = new Map(ranked.map((c) => [candidateKey(c.kind, c.id), c]));
  const placed = new Set<string>();
  const out: Candidate[] = [];
  const place = (c: Candidate) => {
    placed.add(candidateKey(c.kind, c.id));
    out.push(c);
  };
  for (const c of top) {
    if (placed.has(candidateKey(c.kind, c.id))) continue;
    place(c);
    const partner = partnerOf.get(c.id);
    if (!partner || c.kind !== 'message') continue;
    const key = candidateKey('message', partner.id);
    if (placed.has(key)) continue;
    const known = byKey.get(key);
    const other: Candidate = known ?? { kind: 'message', id: partner.id, message: partner, hits: [], score: 0, own: 0 };
    other.message ??= partner;
    other.score = c.score;
    place(other);
  }
  for (const c of ranked.slice(head)) if (!placed.has(candidateKey(c.kind, c.id))) out.push(c);
  return keep > 0 ? keepFirst(ranked.slice(0, keep), out) : out;
}

/** `first` in their order, then the rest of `paired`; scores never rise down the list. */
function keepFirst(first: Candidate[], paired: Candidate[]): Candidate[] {
  const firstKeys = new Set(first.map((c) => candidateKey(c.kind, c.id)));
  const out = [...first, ...paired.filter((c) => !firstKeys.has(candidateKey(c.kind, c.id)))];
  for (let i = 1; i < out.length; i++) out[i]!.score = Math.min(out[i]!.score, out[i - 1]!.score);
  return out;
}

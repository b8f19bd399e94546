import type { Store } from '../store/store.js';
import type { StoredMessage } from '../types.js';
import { words } from '../text/tokenize.js';
import { questionEntities } from './answerability.js';
import { type Candidate, candidateKey } from './candidate.js';
import { feedbackTerms, type Rarity } from './feedback-terms.js';
import { sortCandidates } from './fuse.js';

const AUTHOR = /^([\p{L}][\p{L} .'-]{0,40}):\s/u;

export interface SecondRoundOptions {
  /** How many of the named people's best-ranked turns seed the second round. */
  seeds: number;
  /** How many of their rarer words (not the question's) are searched. */
  terms: number;
  /** Share of the best score a second-round hit gains, scaled by its own normalized score. */
  weight: number;
  /** The first this many places are left as they are. */
  keep: number;
  rarity?: Rarity;
}

/**
 * Iterative retrieval for a question about a named person: what answers it is often a second
 * statement of theirs linked to the first by words the question never says ("where did she move
 * from?" — "since I moved from my home country" — "my home country, Sweden"). The rarer words of
 * that person's best-ranked turns ("Name: text") are searched again over the turns; their own
 * turns found so gain a share of the best score, below the first `keep` places. A profile without
 * "Name:" turns, or a question naming no one, is left as it was.
 */
export async function secondRound(store: Store, ranked: Candidate[], query: string, queryTerms: readonly string[], o: SecondRoundOptions): Promise<Candidate[]> {
  if (o.weight <= 0 || o.seeds <= 0 || o.terms <= 0) return ranked;
  const names = questionEntities(query);
  if (names.length === 0) return ranked;
  // Only turns already loaded (the best ones are, by the answer lift): a recall pays for no reads
  // before it knows a named person wrote any of them.
  const seeds = ranked.slice(0, 20).filter((c) => c.message && authoredBy(c.message, names)).slice(0, o.seeds);
  const texts = seeds.map((c) => c.message!.content.replace(AUTHOR, ''));
  const found = texts.length > 0 ? feedbackTerms(texts, queryTerms, o.terms, o.rarity, 1) : [];
  if (found.length === 0) return ranked;
  const hits = (await store.searchMessages({ terms: found }, { limit: 50 })).filter((h) => authoredBy(h.item, names));
  const best = hits[0]?.score ?? 0;
  if (best <= 0) return ranked;
  const first = ranked.slice(0, o.keep);
  const rest = ranked.slice(o.keep);
  const fixed = new Set(first.map((c) => candidateKey(c.kind, c.id)));
  const byKey = new Map(rest.map((c) => [candidateKey(c.kind, c.id), c]));
  const ceiling = first.at(-1)?.score ?? Infinity;
  const top = ranked[0]?.score ?? 0;
  hits.forEach((h, rank) => {
    const key = candidateKey('message', h.item.id);
    if (fixed.has(key)) return;
    let c = byKey.get(key);
    if (!c) {
      c = { kind: 'message', id: h.item.id, message: h.item, hits: [], score: 0, own: 0 };
      byKey.set(key, c);
      rest.push(c);
    }
    if (!c.hits.some((x) => x.channel === 'messages')) c.hits.push({ channel: 'messages', rank: rank + 1, score: h.score });
    c.score = Math.min(c.score + o.weight * top * (h.score / best), ceiling);
  });
  return [...first, ...sortCandidates(rest)];
}

/** A turn written as "Name: text" by someone the question names. */
function authoredBy(message: StoredMessage, names: readonly string[]): boolean {
  const m = AUTHOR.exec(message.content);
  return !!m && words(m[1]!).some((w) => names.includes(w));
}

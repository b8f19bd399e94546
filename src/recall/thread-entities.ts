import { entityMentions } from '../entities/extract.js';
import type { Store } from '../store/store.js';
import { type Candidate, candidateKey } from './candidate.js';
import { hydrate } from './hydrate.js';

/** A thread is a few dozen mentions; a name said more often than this is a subject of the whole profile (and costly to gather). */
const MAX_MENTIONS = 200;

export interface ThreadOptions {
  /** How many of the best messages name the thread's people and things. */
  seeds: number;
  /** Share of the naming seed's score each other mention gains. */
  share: number;
  /** A thread runs across sessions: a name met in fewer sessions than this is not followed. */
  minSessions: number;
  /** Names in more than this share of the messages say nothing (a tool named in every turn). */
  maxShare: number;
}

/**
 * A sequence question is about a thread, and a thread is carried by its names: the mentor,
 * the partner, the project come back session after session, each time with other words ("my
 * academic mentor, Robert" — "Robert's essay" — "as Robert recommended"), so the question's words
 * find one moment and the name finds the others. The names (src/entities) of the best `seeds`
 * messages that recur in at least `minSessions` sessions and are not everywhere pass each other
 * mention of them `share` of the score of the best seed naming them (rarer names pass more).
 */
export async function followThreads(store: Store, ranked: Candidate[], o: ThreadOptions): Promise<Candidate[]> {
  if (o.share <= 0 || o.seeds <= 0) return ranked;
  const seeds = ranked.filter((c) => c.kind === 'message').slice(0, o.seeds);
  await hydrate(store, seeds);
  const seedScore = new Map<string, number>();
  for (const s of seeds) {
    if (!s.message) continue;
    for (const name of entityMentions(s.message.content)) seedScore.set(name, Math.max(seedScore.get(name) ?? 0, s.score));
  }
  if (seedScore.size === 0) return ranked;
  const total = Math.max(await store.countMessages(), 1);
  const cap = Math.min(MAX_MENTIONS, Math.max(3, Math.floor(o.maxShare * total)));
  const counts = await store.entityCounts([...seedScore.keys()], { atMost: cap });
  const followed = [...counts].filter(([, n]) => n <= cap).map(([name]) => name);
  if (followed.length === 0) return ranked;
  const mentions = (await store.entityMentions(followed, { limit: cap })).filter((m) => m.kind === 'message');
  const sessions = new Map<string, Set<string | null>>();
  for (const m of mentions) (sessions.get(m.entity) ?? sessions.set(m.entity, new Set()).get(m.entity)!).add(m.sessionId);
  const byKey = new Map(ranked.map((c) => [candidateKey(c.kind, c.id), c]));
  const gain = new Map<string, number>();
  for (const m of mentions) {
    if ((sessions.get(m.entity)?.size ?? 0) < o.minSessions) continue;
    const rarity = Math.log(1 + total / counts.get(m.entity)!) / Math.log(1 + total);
    const g = o.share * seedScore.get(m.entity)! * rarity;
    gain.set(m.id, Math.max(gain.get(m.id) ?? 0, g));
  }
  if (gain.size === 0) return ranked;
  const out = [...ranked];
  for (const [id, g] of gain) {
    const c = byKey.get(candidateKey('message', id));
    if (c) c.score += g;
    else out.push({ kind: 'message', id, hits: [], score: g, own: 0 });
  }
  return out;
}

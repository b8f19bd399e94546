import { isGathered } from '../consolidation/compose.js';
import { type Candidate, candidateKey } from './candidate.js';

/** Channels through which a memory matches the question itself (not only via its source turn). */
const MATCHING = new Set(['topic_key', 'fulltext']);

/**
 * A memory beats the turn it came from (DESIGN.md §3: key lookup heaviest): a memory the
 * question's key or words found, ranked at or below one of its own source messages among the
 * first `head` candidates, moves just above the best of them (0.1 % higher), so the answer is
 * drawn from the extracted statement and cites it; the turn keeps its place right after. Only the
 * head, where answers come from: a weak turn far down does not drag its memory up the ranking.
 * A lift never carries a memory past one the question's topic key found (the key is the
 * strongest evidence): it stops just below it.
 * `ranked` is sorted; key and full-text hits carry their memory rows. With `skipGathered`, a
 * gathered memory (derived from several) is not lifted: it stands for many turns, not this one.
 */
export function memoriesBeforeSources(ranked: Candidate[], head = 10, skipGathered = false): Candidate[] {
  const top = new Map(ranked.slice(0, head).map((c) => [candidateKey(c.kind, c.id), c]));
  const keyed = (c: Candidate) => c.hits.some((h) => h.channel === 'topic_key');
  const keyedScores = ranked.filter((c) => c.kind === 'memory' && keyed(c)).map((c) => c.score);
  for (const c of ranked) {
    if (c.kind !== 'memory' || !c.memory || !c.hits.some((h) => MATCHING.has(h.channel))) continue;
    if (skipGathered && isGathered(c.memory)) continue;
    const sources = c.memory.sourceMessageIds.map((id) => top.get(candidateKey('message', id))).filter((m): m is Candidate => m !== undefined);
    const best = Math.max(0, ...sources.map((m) => m.score));
    if (best <= 0 || best < c.score) continue;
    const ceiling = keyed(c) ? Infinity : Math.min(Infinity, ...keyedScores.filter((s) => s > c.score));
    c.score = Math.max(c.score, Math.min(best * 1.001, ceiling * 0.999));
  }
  return ranked;
}

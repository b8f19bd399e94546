import type { Candidate } from './candidate.js';

/**
 * `extra` merged into `ranked` by score: each goes before the first candidate scored lower, and
 * `ranked` keeps its own order (some rules order by more than the score, e.g. a time spread, which
 * a full re-sort would undo).
 */
export function insertByScore(ranked: Candidate[], extra: Candidate[]): Candidate[] {
  if (extra.length === 0) return ranked;
  const queue = [...extra].sort((a, b) => b.score - a.score);
  const out: Candidate[] = [];
  let q = 0;
  for (const c of ranked) {
    while (q < queue.length && queue[q]!.score > c.score) out.push(queue[q++]!);
    out.push(c);
  }
  while (q < queue.length) out.push(queue[q++]!);
  return out;
}

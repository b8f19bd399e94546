import { keywords } from '../text/tokenize.js';
import type { Candidate } from './candidate.js';

export interface SetBreadthOptions {
  /** How many of the best candidates are re-ranked. */
  window: number;
  /** Score kept per already chosen candidate of the same session (1: no session penalty). */
  sessionKeep: number;
  /** Score kept by a near-copy of a chosen candidate, scaled by their word overlap (1: off). */
  copyKeep: number;
}

/**
 * A question asking for a set of things (src/recall/aggregation.ts) is answered by pieces from
 * many moments, not by ten turns of one exchange: maximal marginal relevance over the best
 * `window` candidates. Each pick is the candidate whose score, discounted by how many chosen
 * ones share its session and by its word overlap with the closest chosen one, is highest.
 * The discounted score becomes its score, so later sorts keep the order and the rest may rise.
 */
export function spreadSet(ranked: Candidate[], opts: SetBreadthOptions): Candidate[] {
  if (opts.sessionKeep >= 1 && opts.copyKeep >= 1) return ranked;
  const head = ranked.slice(0, opts.window);
  const rest = ranked.slice(opts.window);
  const words = new Map(head.map((c) => [c, new Set(keywords(c.message?.content ?? c.memory?.content ?? ''))]));
  const perSession = new Map<string, number>();
  const chosen: Candidate[] = [];
  const discounted = new Map<Candidate, number>();
  const left = new Set(head);
  while (left.size > 0) {
    let best: Candidate | null = null;
    let bestScore = -Infinity;
    for (const c of left) {
      const session = sessionOf(c);
      let s = c.score * opts.sessionKeep ** (session ? (perSession.get(session) ?? 0) : 0);
      if (opts.copyKeep < 1) s *= 1 - (1 - opts.copyKeep) * maxOverlap(words.get(c)!, chosen, words);
      if (s > bestScore) {
        bestScore = s;
        best = c;
      }
    }
    left.delete(best!);
    chosen.push(best!);
    discounted.set(best!, bestScore);
    const session = sessionOf(best!);
    if (session) perSession.set(session, (perSession.get(session) ?? 0) + 1);
  }
  // The discounted scores, made to fall strictly along the chosen order.
  let prev = Infinity;
  for (const c of chosen) {
    c.score = Math.min(prev * (1 - 1e-9), discounted.get(c)!);
    prev = c.score;
  }
  return [...chosen, ...rest];
}

function sessionOf(c: Candidate): string | null {
  return c.message?.sessionId ?? c.memory?.sessionId ?? null;
}

/** Share of the smaller word set found in the other, against the most similar chosen candidate. */
function maxOverlap(w: Set<string>, chosen: Candidate[], words: Map<Candidate, Set<string>>): number {
  let max = 0;
  for (const c of chosen) {
    const o = words.get(c)!;
    const small = w.size <= o.size ? w : o;
    const big = small === w ? o : w;
    if (small.size === 0) continue;
    let n = 0;
    for (const x of small) if (big.has(x)) n++;
    max = Math.max(max, n / small.size);
  }
  return max;
}
